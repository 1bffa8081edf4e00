package dev.loomcrawl.politeness;

import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/** Parses a Retry-After header: delay-seconds or an HTTP-date (RFC 9110 section 10.2.3). */
final class RetryAfter {
    private RetryAfter() {}

    /** The delay it asks for (never negative), or null when absent or unreadable. */
    static Duration parse(String header, Instant now) {
        if (header == null || header.isBlank()) return null;
        String v = header.trim();
        if (v.chars().allMatch(Character::isDigit)) {
            return v.length() > 9 ? Duration.ofSeconds(999_999_999L) : Duration.ofSeconds(Long.parseLong(v));
        }
        try {
            Instant at = ZonedDateTime.parse(v, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
            Duration d = Duration.between(now, at);
            return d.isNegative() ? Duration.ZERO : d;
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
