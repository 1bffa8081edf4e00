package dev.loomcrawl.serve.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;

/**
 * Standard input as the SDK's stdio transport reads it: the client's lines, each checked first. The SDK's transport
 * ends the session at the first line it cannot read; here each line is checked by {@link Incoming} (as {@code /mcp}
 * checks a POST's body), one that fails is answered with its JSON-RPC error (too long: -32600), and the server goes
 * on. A request before {@code initialize} is answered here too ({@link #beforeInitialize}). Good lines go on to the
 * SDK after {@link Calls#incoming} has seen them.
 */
final class StdioLines extends InputStream {
    /** A message's bytes at most: the SDK's own bound. */
    static final int MAX_LINE = 16 << 20;
    /** The error of a request sent before {@code initialize} (the code the SDK's clients use for it). */
    static final int NOT_INITIALIZED = -32002;

    private final InputStream in;
    private final PrintStream out;
    private final Calls calls;
    private final CountDownLatch ended;
    private byte[] line = new byte[0];
    private int at;
    private boolean eof;
    private boolean initialized;

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
                write(Incoming.error(null, Incoming.INVALID_REQUEST, "Invalid Request: a message is at most "
                        + MAX_LINE + " bytes"));
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

    /** The line to pass on (with its newline), or null when it was answered (or dropped) here. */
    private byte[] check(String text) {
        JsonNode node;
        try {
            node = Incoming.check(text.getBytes(StandardCharsets.UTF_8));
        } catch (Incoming.Invalid e) {
            write(e.answer());
            return null;
        }
        if (!initialized && !beforeInitialize(node)) return null;
        if (calls.incoming(node, "stdio")) return null;
        byte[] json = node.toString().getBytes(StandardCharsets.UTF_8);
        byte[] withNewline = java.util.Arrays.copyOf(json, json.length + 1);
        withNewline[json.length] = '\n';
        return withNewline;
    }

    /**
     * Whether a message sent before {@code initialize} goes on: {@code initialize} does (the session begins); the
     * SDK would hold any other request unanswered until then, so a ping is answered here, as the protocol allows
     * it before initialization, and any other request gets an error saying to initialize first. Notifications and
     * responses are dropped.
     */
    private boolean beforeInitialize(JsonNode message) {
        String method = message.path("method").asText("");
        if (method.equals("initialize")) {
            initialized = true;
            return true;
        }
        if (Incoming.request(message)) {
            if (method.equals("ping")) {
                ObjectNode pong = Schemas.JSON.createObjectNode().put("jsonrpc", "2.0");
                pong.set("id", message.get("id"));
                pong.putObject("result");
                write(pong);
            } else {
                write(Incoming.error(message.get("id"), NOT_INITIALIZED,
                        "the session is not initialized: send initialize first"));
            }
        }
        return false;
    }

    private void write(ObjectNode message) {
        byte[] bytes = (message + "\n").getBytes(StandardCharsets.UTF_8);
        synchronized (out) { // the SDK's transport writes its messages holding the same lock
            out.write(bytes, 0, bytes.length);
            out.flush();
        }
    }
}
