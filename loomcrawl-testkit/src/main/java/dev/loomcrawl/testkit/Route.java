package dev.loomcrawl.testkit;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

/** What the test site answers on one path (path plus query, exactly as requested). */
public sealed interface Route {

    /** A complete response: status, headers and body. */
    record Respond(int status, Map<String, String> headers, byte[] body) implements Route {
        public static Respond html(String html) {
            return new Respond(200, Map.of("Content-Type", "text/html; charset=utf-8"),
                    html.getBytes(StandardCharsets.UTF_8));
        }
    }

    /**
     * A response with validators, as a server that supports conditional GET sends it: {@code then} with an
     * {@code ETag} and a {@code Last-Modified} header (each only if not null); a request whose
     * {@code If-None-Match} is the etag, or, when there is no etag, whose {@code If-Modified-Since} is the date,
     * gets 304 Not Modified with the same headers and no body.
     */
    record Validated(String etag, String lastModified, Respond then) implements Route {}

    /** An answer made for each request by {@code answer}, from its method, target, headers and body. */
    record Dynamic(java.util.function.Function<Request, Route> answer) implements Route {}

    /** A request as a {@link Dynamic} route sees it: headers' names lower-cased, the body as UTF-8 text. */
    record Request(String method, String target, Map<String, java.util.List<String>> headers, String body) {
        public String header(String name) {
            java.util.List<String> v = headers.get(name.toLowerCase(java.util.Locale.ROOT));
            return v == null || v.isEmpty() ? null : v.getFirst();
        }
    }

    /** A redirect with the given status and Location header, sent as written. */
    record Redirect(int status, String location) implements Route {}

    /** Waits, then answers as {@code then} does. */
    record Delay(Duration delay, Route then) implements Route {}

    /** Answers the n-th request as the n-th route does; the last one answers every request after that. */
    record Sequence(java.util.List<Route> routes) implements Route {
        public static Sequence of(Route... routes) {
            return new Sequence(java.util.List.of(routes));
        }
    }

    /** Drops the connection without an answer the first {@code times} requests, then answers as {@code then}. */
    record DropFirst(int times, Route then) implements Route {}

    /** Sends headers, then one byte of body every {@code interval}, {@code length} bytes in all (or forever if negative). */
    record Trickle(Duration interval, long length) implements Route {}

    /** A {@code text/html} body of {@code length} bytes, streamed as fast as the client reads it. */
    record Huge(long length, boolean declareLength) implements Route {}
}
