package dev.loomcrawl.output.lines;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

class IsoMillisTest {
    private static void same(Instant t) {
        assertEquals(DateTimeFormatter.ISO_INSTANT.format(t.truncatedTo(ChronoUnit.MILLIS)), IsoMillis.format(t),
                t::toString);
    }

    @Test
    void writesWhatTheFormatterWritesTruncatedToMilliseconds() {
        Random random = new Random(26);
        for (int i = 0; i < 100_000; i++) {
            // the years 1900 to 10100, and nanoseconds with and without milliseconds
            long seconds = -2_208_988_800L + (long) (random.nextDouble() * 256_563_000_000L);
            int nanos = switch (i % 4) {
                case 0 -> 0;
                case 1 -> random.nextInt(1_000_000); // no millisecond
                case 2 -> random.nextInt(1000) * 1_000_000;
                default -> random.nextInt(1_000_000_000);
            };
            same(Instant.ofEpochSecond(seconds, nanos));
        }
    }

    @Test
    void theEdges() {
        for (String s : new String[] {"1970-01-01T00:00:00Z", "1969-12-31T23:59:59.999Z", "2000-02-29T12:00:00.001Z",
                "2026-12-31T23:59:59.999999999Z", "9999-12-31T23:59:59.999Z", "+10000-01-01T00:00:00Z",
                "2024-03-01T00:00:00.000999Z"}) {
            same(Instant.parse(s));
        }
        same(Instant.now());
    }
}
