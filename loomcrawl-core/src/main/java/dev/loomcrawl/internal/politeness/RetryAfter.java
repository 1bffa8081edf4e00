package dev.loomcrawl.internal.politeness;

import dev.loomcrawl.fetch.HttpDate;

import java.time.Duration;
import java.time.Instant;

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
        Instant at = HttpDate.parse(v);
        if (at == null) return null;
        Duration d = Duration.between(now, at);
        return d.isNegative() ? Duration.ZERO : d;
    }
}
