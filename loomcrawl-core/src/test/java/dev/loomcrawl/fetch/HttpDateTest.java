package dev.loomcrawl.fetch;

import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class HttpDateTest {
    private static final Instant RFC_EXAMPLE = Instant.parse("1994-11-06T08:49:37Z");

    @Test
    void readsTheThreeFormsRfc9110SaysARecipientMustAccept() {
        assertEquals(RFC_EXAMPLE, HttpDate.parse("Sun, 06 Nov 1994 08:49:37 GMT")); // IMF-fixdate, preferred
        assertEquals(RFC_EXAMPLE, HttpDate.parse("Sunday, 06-Nov-94 08:49:37 GMT")); // obsolete RFC 850
        assertEquals(RFC_EXAMPLE, HttpDate.parse("Sun Nov  6 08:49:37 1994")); // asctime
        assertEquals(Instant.parse("2026-11-25T12:00:00Z"), HttpDate.parse("  Wed, 25 Nov 2026 12:00:00 GMT "));
    }

    @Test
    void whatIsNoDateIsNull() {
        assertNull(HttpDate.parse(null));
        assertNull(HttpDate.parse(""));
        assertNull(HttpDate.parse("   "));
        assertNull(HttpDate.parse("0")); // Expires: 0, which caches read as already expired
        assertNull(HttpDate.parse("-1"));
        assertNull(HttpDate.parse("soon"));
        assertNull(HttpDate.parse("Sun, 06 Nov"));
    }
}
