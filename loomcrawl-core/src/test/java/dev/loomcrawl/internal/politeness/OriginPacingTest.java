package dev.loomcrawl.internal.politeness;

import dev.loomcrawl.internal.politeness.OriginPacing;
import dev.loomcrawl.fetch.FetchResult;
import dev.loomcrawl.url.Origin;
import dev.loomcrawl.url.WebUrl;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** An origin's gap is decided in one place: the delay, its Crawl-delay (capped) and its overload backoff. */
class OriginPacingTest {
    private static final WebUrl URL = WebUrl.parse("http://a.test/");
    private static final Origin A = URL.origin();
    private static final Origin B = WebUrl.parse("http://b.test/").origin();

    private static FetchResult response(int status) {
        return new FetchResult.Response(URL, status, "HTTP/1.1", List.of(), List.of(), new byte[0], new byte[0], false,
                Duration.ZERO, 1);
    }

    private final OriginPacing pacing = new OriginPacing(Duration.ofMillis(100), Duration.ofSeconds(30),
            Duration.ofSeconds(1), Duration.ofMinutes(5), Duration.ofMinutes(2));

    @Test
    void theGapIsTheLargestOfTheDelayTheCrawlDelayAndTheBackoff() {
        assertEquals(Duration.ofMillis(100), pacing.gap(A));
        assertEquals(Duration.ofSeconds(5), pacing.crawlDelay(A, Duration.ofSeconds(5)));
        assertEquals(Duration.ofSeconds(30), pacing.crawlDelay(A, Duration.ofHours(1)), "capped");
        assertEquals(Duration.ofMillis(100), pacing.gap(B), "per origin");
        pacing.crawlDelay(A, Duration.ZERO);
        OriginPacing.Decision overloaded = pacing.after(A, response(503));
        assertTrue(overloaded.overloaded());
        assertEquals(Duration.ofSeconds(1), overloaded.newGap());
        assertEquals(Duration.ofSeconds(2), pacing.after(A, response(429)).newGap(), "doubling");
        assertEquals(Duration.ofSeconds(1), pacing.after(A, response(200)).newGap(), "halved by a success");
        pacing.crawlDelay(A, Duration.ofSeconds(3));
        assertEquals(Duration.ofSeconds(3), pacing.gap(A), "the Crawl-delay is larger than the backoff now");
    }

    @Test
    void aRecoveredOriginGoesBackToItsOwnGap() {
        pacing.crawlDelay(A, Duration.ofMillis(300));
        pacing.after(A, response(503));
        Duration last = null; // the gap each success sets, until the backoff is gone
        for (int i = 0; i < 10; i++) {
            Duration gap = pacing.after(A, response(200)).newGap();
            if (gap != null) last = gap;
        }
        assertEquals(Duration.ofMillis(300), last);
        assertNull(pacing.after(A, response(200)).newGap(), "no backoff left: nothing changes");
        assertNull(pacing.after(B, response(200)).newGap());
    }
}
