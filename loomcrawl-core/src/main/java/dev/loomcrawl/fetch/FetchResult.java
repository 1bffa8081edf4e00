package dev.loomcrawl.fetch;

import dev.loomcrawl.url.WebUrl;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The outcome of fetching one URL: an HTTP response of any status, or a failure with its kind. */
public sealed interface FetchResult {

    WebUrl url();

    /** Time from the first attempt's start to the end of the last one. */
    Duration duration();

    /** How many attempts were made (1 unless retried). */
    int attempts();

    FetchResult withAttempts(int attempts, Duration duration);

    /**
     * An HTTP response.
     *
     * @param requestHeaders the request headers as sent, names as written
     * @param headers   response headers in order, names lower-cased
     * @param body      the body after content decoding (gzip, deflate, br), at most the body cap
     * @param wireBody  the body as received, before content decoding (the same array when not encoded)
     * @param truncated the body was cut at the cap (on the wire or after decoding)
     * @param memory    the body's claim on the crawl's body memory ({@link BodyMemory}), or null when it has none
     */
    record Response(WebUrl url, int status, String protocol, List<Map.Entry<String, String>> requestHeaders,
                    List<Map.Entry<String, String>> headers, byte[] body, byte[] wireBody, boolean truncated,
                    Duration duration, int attempts, BodyMemory.Claim memory) implements FetchResult {

        /** A response outside any body memory bound. */
        public Response(WebUrl url, int status, String protocol, List<Map.Entry<String, String>> requestHeaders,
                        List<Map.Entry<String, String>> headers, byte[] body, byte[] wireBody, boolean truncated,
                        Duration duration, int attempts) {
            this(url, status, protocol, requestHeaders, headers, body, wireBody, truncated, duration, attempts, null);
        }

        /**
         * Gives the body's bytes back to the crawl's body memory bound: the crawler calls it once the URL is
         * processed and every output has what it needs of the body. A body no longer reachable is given back by
         * the garbage collector too, so a response whose caller forgets this holds its bytes only until then.
         */
        public void release() {
            if (memory != null) memory.release();
        }

        /** Keeps the body's bytes counted beyond the crawler's {@link #release}, until a release of one's own. */
        public void retain() {
            if (memory != null) memory.retain();
        }

        /** The first value of a header (name case-insensitive), or null. */
        public String header(String name) {
            String lower = name.toLowerCase(Locale.ROOT);
            for (Map.Entry<String, String> h : headers) {
                if (h.getKey().equals(lower)) return h.getValue();
            }
            return null;
        }

        public ContentType contentType() {
            return ContentType.parse(header("content-type"));
        }

        /**
         * The {@code Content-Encoding} this response's body is still in because it is not one loomcrawl decodes
         * ({@code zstd}, a stack of encodings, an unknown name; it asks for gzip, deflate and br only), or null.
         * Such a body is recorded and archived as received, never parsed.
         */
        public String undecodedEncoding() {
            String encoding = header("content-encoding");
            return ContentDecoding.supported(encoding) ? null : encoding;
        }

        /** A 300, 301, 302, 303, 307 or 308 with a Location header. */
        public boolean isRedirect() {
            return switch (status) {
                case 300, 301, 302, 303, 307, 308 -> header("location") != null;
                default -> false;
            };
        }

        @Override
        public Response withAttempts(int attempts, Duration duration) {
            return new Response(url, status, protocol, requestHeaders, headers, body, wireBody, truncated, duration,
                    attempts, memory);
        }
    }

    /** No usable response: the kind says why, the message gives the detail. */
    record Failure(WebUrl url, ErrorKind kind, String message, Duration duration, int attempts) implements FetchResult {
        @Override
        public Failure withAttempts(int attempts, Duration duration) {
            return new Failure(url, kind, message, duration, attempts);
        }
    }
}
