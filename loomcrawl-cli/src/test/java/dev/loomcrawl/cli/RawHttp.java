package dev.loomcrawl.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * HTTP/1.1 over a plain socket, one request a connection: what a test sends is sent as it is written (a bad URI, a
 * bad header, any Host or Origin), and what comes back is read whole, its headers as they came.
 */
final class RawHttp {
    private RawHttp() {
    }

    /** An answer: its status, its header lines (names lower-cased) and its body (de-chunked). */
    record Reply(int status, List<String[]> headers, String body, String raw) {
        String header(String name) {
            for (String[] h : headers) if (h[0].equals(name.toLowerCase(Locale.ROOT))) return h[1];
            return null;
        }
    }

    /** A request of {@code method} and {@code target} with these header lines and body, Host 127.0.0.1:port. */
    static Reply send(int port, String method, String target, List<String> headers, byte[] body) throws IOException {
        StringBuilder head = new StringBuilder(method + " " + target + " HTTP/1.1\r\n");
        if (headers.stream().noneMatch(h -> h.regionMatches(true, 0, "Host:", 0, 5))) {
            head.append("Host: 127.0.0.1:").append(port).append("\r\n");
        }
        for (String h : headers) head.append(h).append("\r\n");
        if (body != null) head.append("Content-Length: ").append(body.length).append("\r\n");
        head.append("Connection: close\r\n\r\n");
        ByteArrayOutputStream request = new ByteArrayOutputStream();
        request.writeBytes(head.toString().getBytes(StandardCharsets.ISO_8859_1));
        if (body != null) request.writeBytes(body);
        return sendRaw(port, request.toByteArray());
    }

    /** Bytes sent as they are; the answer read until the server closes the connection (at most 60 s). */
    static Reply sendRaw(int port, byte[] request) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(60_000);
            socket.getOutputStream().write(request);
            socket.getOutputStream().flush();
            return parse(socket.getInputStream().readAllBytes());
        }
    }

    private static Reply parse(byte[] bytes) throws IOException {
        String raw = new String(bytes, StandardCharsets.ISO_8859_1);
        int end = raw.indexOf("\r\n\r\n");
        if (end < 0) throw new IOException("no answer's head: '" + raw + "'");
        String[] lines = raw.substring(0, end).split("\r\n");
        int status = Integer.parseInt(lines[0].split(" ")[1]);
        List<String[]> headers = new ArrayList<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            headers.add(new String[] {lines[i].substring(0, colon).strip().toLowerCase(Locale.ROOT),
                    lines[i].substring(colon + 1).strip()});
        }
        byte[] body = java.util.Arrays.copyOfRange(bytes, end + 4, bytes.length);
        Reply head = new Reply(status, headers, "", raw);
        if ("chunked".equalsIgnoreCase(head.header("transfer-encoding"))) body = dechunk(body);
        return new Reply(status, headers, new String(body, StandardCharsets.UTF_8),
                new String(bytes, StandardCharsets.UTF_8));
    }

    private static byte[] dechunk(byte[] body) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        InputStream in = new java.io.ByteArrayInputStream(body);
        while (true) {
            StringBuilder size = new StringBuilder();
            int c;
            while ((c = in.read()) != -1 && c != '\n') if (c != '\r') size.append((char) c);
            String hex = size.toString().split(";")[0].strip();
            if (hex.isEmpty()) return out.toByteArray();
            int n = Integer.parseInt(hex, 16);
            if (n == 0) return out.toByteArray();
            out.write(in.readNBytes(n));
            in.skip(2);
        }
    }
}
