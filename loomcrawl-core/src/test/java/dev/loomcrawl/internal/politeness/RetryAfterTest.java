package dev.loomcrawl.internal.politeness;

import dev.loomcrawl.internal.politeness.RetryAfter;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class RetryAfterTest {
    private static final Instant NOW = Instant.parse("2026-11-22T08:00:00Z");

    @Test
    void readsSecondsAndHttpDates() {
        assertEquals(Duration.ofSeconds(120), RetryAfter.parse(" 120 ", NOW));
        assertEquals(Duration.ofSeconds(30), RetryAfter.parse("Sun, 22 Nov 2026 08:00:30 GMT", NOW));
        assertEquals(Duration.ZERO, RetryAfter.parse("Sun, 22 Nov 2026 07:00:00 GMT", NOW));
        assertNull(RetryAfter.parse("soon", NOW));
        assertNull(RetryAfter.parse(null, NOW));
        assertEquals(Duration.ofSeconds(999_999_999L), RetryAfter.parse("99999999999999999999", NOW));
    }
}
