package dev.loomcrawl.output.warc;

import dev.loomcrawl.fetch.FetchResult;
import dev.loomcrawl.fetch.WireUri;
import org.eclipse.jetty.http.HttpStatus;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * The HTTP header blocks of WARC request and response records, re-serialised from the parsed headers: Jetty
 * does not expose the bytes as received. Headers keep their order (response header names come lower-cased from
 * the fetcher); the status line gets the standard reason phrase. Two headers change so that the block matches
 * the body stored after it, the original kept under Common Crawl's {@code X-Crawler-} names:
 * {@code Transfer-Encoding} (the body is stored de-chunked) and, for a truncated body, {@code Content-Length}.
 * HTTP/2 exchanges are written in HTTP/1.1 form (HTTP/2 has no text form), the request's {@code :authority}
 * as {@code host}; the record's {@code WARC-Protocol} says what was spoken.
 */
public final class HttpBlocks {
    /** Fields of a 304 that do not replace the stored response's: they describe the 304's own (empty) body. */
    private static final java.util.Set<String> BODY_FIELDS = java.util.Set.of("content-length", "transfer-encoding",
            "content-encoding", "content-type", "content-range");

    private HttpBlocks() {}

    /**
     * A response's header block as a WARC response record stores it (the status line and the headers as received,
     * adjusted to the stored body): what a re-crawl keeps of a capture whose server may later answer 304.
     */
    public static byte[] responseHead(FetchResult.Response r) {
        return response(r, wireTruncated(r));
    }

    /**
     * The stored response's header block as updated by a 304 to a conditional GET (RFC 9111, section 4.3.4): its
     * status line and fields, each field the 304 sent replacing those of its name (but for those that describe the
     * body). This is the response a cache serves, and what a replay tool serves for a {@code server-not-modified}
     * revisit: it serves the revisit's status and headers with the original's body, so a 304's own block would
     * replay as an empty page.
     */
    static byte[] updatedBy304(byte[] storedHead, FetchResult.Response notModified) {
        String[] lines = new String(storedHead, StandardCharsets.UTF_8).split("\r\n");
        java.util.Map<String, String> sent = new java.util.LinkedHashMap<>();
        for (Map.Entry<String, String> h : notModified.headers()) {
            String name = h.getKey().toLowerCase(java.util.Locale.ROOT);
            if (!BODY_FIELDS.contains(name)) sent.merge(name, h.getValue(), (a, b) -> a + ", " + b);
        }
        StringBuilder head = new StringBuilder(storedHead.length + 256).append(lines[0]).append("\r\n");
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            if (colon <= 0) continue;
            String name = lines[i].substring(0, colon).trim().toLowerCase(java.util.Locale.ROOT);
            if (!sent.containsKey(name)) head.append(lines[i]).append("\r\n");
        }
        sent.forEach((name, value) -> appendField(head, name, value));
        return head.append("\r\n").toString().getBytes(StandardCharsets.UTF_8);
    }

    /** The request line and the headers as sent. */
    static byte[] request(FetchResult.Response r) {
        URI uri = WireUri.of(r.url());
        String target = uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        if (uri.getRawQuery() != null) target += "?" + uri.getRawQuery();
        StringBuilder head = new StringBuilder(512).append("GET ").append(target).append(' ')
                .append(textProtocol(r.protocol())).append("\r\n");
        boolean hasHost = r.requestHeaders().stream().anyMatch(h -> h.getKey().equalsIgnoreCase("host"));
        if (!hasHost) appendField(head, "host", uri.getRawAuthority()); // HTTP/2 sent it as :authority
        for (Map.Entry<String, String> h : r.requestHeaders()) appendField(head, h.getKey(), h.getValue());
        return head.append("\r\n").toString().getBytes(StandardCharsets.UTF_8);
    }

    /** The status line and the headers as received, adjusted to the stored body as the class says. */
    static byte[] response(FetchResult.Response r, boolean wireTruncated) {
        StringBuilder head = new StringBuilder(1024).append(textProtocol(r.protocol())).append(' ')
                .append(r.status()).append(' ').append(HttpStatus.getMessage(r.status())).append("\r\n");
        for (Map.Entry<String, String> h : r.headers()) {
            String name = h.getKey();
            if (name.equalsIgnoreCase("transfer-encoding")) {
                appendField(head, "x-crawler-transfer-encoding", h.getValue());
            } else if (wireTruncated && name.equalsIgnoreCase("content-length")) {
                appendField(head, "x-crawler-content-length", h.getValue());
                appendField(head, "content-length", Integer.toString(r.wireBody().length));
            } else {
                appendField(head, name, h.getValue());
            }
        }
        return head.append("\r\n").toString().getBytes(StandardCharsets.UTF_8);
    }

    /** The body on the wire was cut short: the crawler truncated it and the bytes stored are fewer than sent. */
    static boolean wireTruncated(FetchResult.Response r) {
        if (!r.truncated()) return false;
        String length = r.header("content-length");
        return length == null || !length.trim().equals(Integer.toString(r.wireBody().length));
    }

    /** The WARC-Protocol value: "h2" or "http/1.1" (lower case, as ALPN names protocols). */
    static String alpn(String protocol) {
        return protocol.startsWith("HTTP/2") ? "h2" : protocol.toLowerCase(java.util.Locale.ROOT);
    }

    private static String textProtocol(String protocol) {
        return protocol.startsWith("HTTP/1.") ? protocol : "HTTP/1.1";
    }

    private static void appendField(StringBuilder head, String name, String value) {
        head.append(name).append(": ").append(value).append("\r\n");
    }
}
