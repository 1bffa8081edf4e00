package dev.loomcrawl.serve.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.spec.McpSchema;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;

/**
 * Standard input as the SDK's stdio transport reads it: the client's lines, each checked first. The SDK's transport
 * ends the session at the first line it cannot read; here a line that is not JSON is answered with a JSON-RPC parse
 * error (-32700), one that is no JSON-RPC message (a batch, no "jsonrpc": "2.0", too long) with an invalid request
 * error (-32600), and the server goes on. Good lines go on to the SDK after {@link Calls#incoming} has seen them.
 */
final class StdioLines extends InputStream {
    /** A message's bytes at most: the SDK's own bound. */
    static final int MAX_LINE = 16 << 20;

    private final InputStream in;
    private final PrintStream out;
    private final Calls calls;
    private final CountDownLatch ended;
    private byte[] line = new byte[0];
    private int at;
    private boolean eof;

    StdioLines(InputStream in, PrintStream out, Calls calls, CountDownLatch ended) {
        this.in = new BufferedInputStream(in, 1 << 16);
        this.out = out;
        this.calls = calls;
        this.ended = ended;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) return 0;
        while (at >= line.length) {
            if (eof || !next()) {
                eof = true;
                ended.countDown();
                return -1;
            }
        }
        int n = Math.min(len, line.length - at);
        System.arraycopy(line, at, b, off, n);
        at += n;
        return n;
    }

    /** Reads lines until one goes on to the SDK (it is then {@link #line}); false at the input's end. */
    private boolean next() throws IOException {
        while (true) {
            ByteArrayOutputStream buf = new ByteArrayOutputStream();
            boolean tooLong = false;
            int c;
            while ((c = in.read()) != -1 && c != '\n') {
                if (buf.size() < MAX_LINE) buf.write(c);
                else tooLong = true;
            }
            if (c == -1 && buf.size() == 0) return false;
            String text = buf.toString(StandardCharsets.UTF_8).strip();
            if (tooLong) {
                error(null, -32600, "Invalid Request: a message is at most " + MAX_LINE + " bytes");
            } else if (!text.isEmpty()) {
                byte[] passed = check(text);
                if (passed != null) {
                    line = passed;
                    at = 0;
                    return true;
                }
            }
            if (c == -1) return false;
        }
    }

    /** The line to pass on (with its newline), or null when it was answered here. */
    private byte[] check(String text) {
        JsonNode node;
        try {
            node = Schemas.JSON.readTree(text);
        } catch (IOException e) {
            error(null, -32700, "Parse error: the line is not JSON");
            return null;
        }
        if (node == null || !node.isObject()) {
            error(null, -32600, "Invalid Request: " + (node != null && node.isArray() ? "batches are not supported"
                    : "a message is a JSON object"));
            return null;
        }
        JsonNode id = node.get("id");
        JsonNode answerId = id != null && (id.isTextual() || id.isIntegralNumber()) ? id : null;
        if (!"2.0".equals(node.path("jsonrpc").asText(null))) {
            error(answerId, -32600, "Invalid Request: \"jsonrpc\" must be \"2.0\"");
            return null;
        }
        try {
            McpSchema.deserializeJsonRpcMessage(McpTools.JSON, text);
        } catch (IOException | RuntimeException e) {
            error(answerId, -32600, "Invalid Request: not a JSON-RPC request, notification or response");
            return null;
        }
        if (calls.incoming(node, "stdio")) return null;
        byte[] json = node.toString().getBytes(StandardCharsets.UTF_8);
        byte[] withNewline = java.util.Arrays.copyOf(json, json.length + 1);
        withNewline[json.length] = '\n';
        return withNewline;
    }

    private void error(JsonNode id, int code, String message) {
        ObjectNode e = Schemas.JSON.createObjectNode().put("jsonrpc", "2.0");
        e.set("id", id);
        e.putObject("error").put("code", code).put("message", message);
        byte[] bytes = (e + "\n").getBytes(StandardCharsets.UTF_8);
        synchronized (out) { // the SDK's transport writes its messages holding the same lock
            out.write(bytes, 0, bytes.length);
            out.flush();
        }
    }
}
