package dev.loomcrawl.serve.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomcrawl.serve.JsonErrors;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/**
 * The SDK servlet's response, whose error answers are made ours. The SDK answers a request it refuses (no session,
 * an unknown one, a wrong Accept header...) with its exception serialized, stack and all, and leaves others to
 * Jetty's error page. Here a body begun under an error status, and any {@code sendError}, is kept aside instead of
 * sent; {@link #finish} then writes a JSON-RPC error of one line in its place, with the SDK's own message and code
 * when it gave them and they name no class. Answers under a 2xx status (JSON, a stream of events) pass untouched.
 */
final class ErrorBodies extends HttpServletResponseWrapper {
    private static final Logger log = LoggerFactory.getLogger(ErrorBodies.class);
    /** The most bytes of an error body kept to be read. */
    private static final int KEPT = 64 << 10;
    private final ByteArrayOutputStream kept = new ByteArrayOutputStream();
    private int status = 200;
    private boolean error;

    ErrorBodies(HttpServletResponse response) {
        super(response);
    }

    @Override
    public void setStatus(int sc) {
        status = sc;
        super.setStatus(sc);
    }

    @Override
    public void sendError(int sc) {
        sendError(sc, null);
    }

    @Override
    public void sendError(int sc, String message) {
        setStatus(sc);
        error = true;
        if (message != null) kept.writeBytes(message.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public ServletOutputStream getOutputStream() throws IOException {
        if (status < 400) return super.getOutputStream();
        error = true;
        return new Kept();
    }

    @Override
    public PrintWriter getWriter() throws IOException {
        if (status < 400) return super.getWriter();
        error = true;
        return new PrintWriter(new OutputStreamWriter(new Kept(), StandardCharsets.UTF_8));
    }

    @Override
    public void flushBuffer() throws IOException {
        if (!error) super.flushBuffer();
    }

    /**
     * After the servlet: our answer in place of the SDK's error, if it made one. {@code response} is whether the
     * request was a JSON-RPC response: the server asked for none, and the SDK's 500 for it becomes a 400.
     */
    void finish(boolean response) throws IOException {
        if (!error && status < 400 || isCommitted()) return;
        int code = status == 500 ? -32603 : Incoming.INVALID_REQUEST;
        String message = null;
        try {
            JsonNode sdk = Schemas.JSON.readTree(kept.toByteArray());
            if (sdk != null && sdk.path("jsonRpcError").isObject()) {
                code = sdk.at("/jsonRpcError/code").asInt(code);
                message = sdk.at("/jsonRpcError/message").asText(null);
            }
        } catch (IOException e) {
            message = kept.size() > 0 ? kept.toString(StandardCharsets.UTF_8) : null; // sendError's message
        }
        if (response && status == 500) {
            status = 400;
            code = Incoming.INVALID_REQUEST;
            message = "Invalid Request: this server sent no request with that id";
        } else if (status == 500) {
            log.warn("the MCP server failed a request ({}): {}", status, message);
            message = null;
        }
        if (message == null || message.isBlank() || JsonErrors.internal(message)) message = said(status);
        if (message.length() > 200) message = message.substring(0, 200);
        HttpServletResponse r = (HttpServletResponse) getResponse();
        r.resetBuffer();
        r.setStatus(status);
        r.setContentType("application/json");
        r.setCharacterEncoding("UTF-8");
        r.getOutputStream().write(Schemas.JSON.writeValueAsBytes(Incoming.error(null, code, message)));
    }

    /** What an error status says, when the SDK said nothing usable. */
    private static String said(int status) {
        return switch (status) {
            case 404 -> "not found: the MCP endpoint is /mcp, and a session is the one initialize began";
            case 405 -> "method not allowed: /mcp takes POST, GET and DELETE";
            case 406 -> "not acceptable: send Accept: application/json, text/event-stream";
            case 415 -> "unsupported media type: send Content-Type: application/json";
            default -> status == 500 ? "internal error; the server's log says more" : "the request was refused";
        };
    }

    /** A body kept aside, at most {@link #KEPT} bytes. */
    private final class Kept extends ServletOutputStream {
        @Override
        public void write(int b) {
            if (kept.size() < KEPT) kept.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            kept.write(b, off, Math.max(0, Math.min(len, KEPT - kept.size())));
        }

        @Override
        public boolean isReady() {
            return true;
        }

        @Override
        public void setWriteListener(WriteListener listener) {
            throw new UnsupportedOperationException();
        }
    }
}
