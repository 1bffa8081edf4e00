package dev.loomcrawl.testkit;

import java.util.List;
import java.util.Map;

/**
 * One request the test site received.
 *
 * @param target   path and query exactly as sent on the request line
 * @param headers  request headers, names lower-cased
 * @param startNanos {@link System#nanoTime()} when the request arrived
 * @param endNanos   {@link System#nanoTime()} when the site finished answering it (or gave up); for a whole
 *                   answer (a response or redirect), just before it was sent, so that no answer a client has
 *                   seen ends after the client's next request arrives
 */
public record RecordedRequest(String method, String target, Map<String, List<String>> headers,
                              long startNanos, long endNanos, int remotePort) {
    public String header(String name) {
        List<String> values = headers.get(name.toLowerCase(java.util.Locale.ROOT));
        return values == null || values.isEmpty() ? null : values.getFirst();
    }
}
