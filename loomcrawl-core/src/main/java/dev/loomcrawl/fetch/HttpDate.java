package dev.loomcrawl.fetch;

import org.eclipse.jetty.http.HttpDateTime;

import java.time.DateTimeException;
import java.time.Instant;

/**
 * An HTTP-date in a header, in any of the three forms RFC 9110 (section 5.6.7) says a recipient must accept: the
 * preferred {@code Sun, 06 Nov 1994 08:49:37 GMT}, the obsolete RFC 850 {@code Sunday, 06-Nov-94 08:49:37 GMT} and
 * C's asctime {@code Sun Nov  6 08:49:37 1994}. Read by Jetty's parser ({@link HttpDateTime}), which the fetcher's
 * HTTP client already carries.
 */
public final class HttpDate {
    private HttpDate() {}

    /** The instant {@code value} names, or null when it is absent or no such date (as {@code Expires: 0}). */
    public static Instant parse(String value) {
        if (value == null || value.isBlank()) return null;
        try {
            return HttpDateTime.parse(value.trim()).toInstant();
        } catch (IllegalArgumentException | DateTimeException e) {
            return null;
        }
    }
}
