package dev.loomcrawl.fetch;

import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/** An HTTP-date in a header (RFC 9110 section 5.6.7, its preferred form: {@code Wed, 25 Nov 2026 12:00:00 GMT}). */
public final class HttpDate {
    private HttpDate() {}

    /** The instant {@code value} names, or null when it is absent or no such date (as {@code Expires: 0}). */
    public static Instant parse(String value) {
        if (value == null) return null;
        try {
            return ZonedDateTime.parse(value.trim(), DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
