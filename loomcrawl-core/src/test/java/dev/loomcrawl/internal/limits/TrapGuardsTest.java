package dev.loomcrawl.internal.limits;

import dev.loomcrawl.limits.LimitSettings;
import dev.loomcrawl.internal.limits.CrawlLimits;
import dev.loomcrawl.reason.DropReason;
import dev.loomcrawl.url.WebUrl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** Each trap guard on single URLs: what it drops, what it lets through, and its memory bound. */
class TrapGuardsTest {

    /** The label of the reason the URL is dropped for, as the counters and outputs spell it; null: kept. */
    private static String reason(LimitSettings settings, String url) {
        DropReason reason = new CrawlLimits(settings).dropReason(WebUrl.parse(url), 1);
        return reason == null ? null : reason.label();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', nullValues = "ok", value = {
            "http://h/t/?p=3&q=1a/?p=14&q=1a/?p=9&q=1a/?p=2&q=1a/?p=5&q=1 | trap-repeated-segment-in-query",
            "http://h/t/?p=3&q=1a/?p=14&q=1a/?p=9&q=1a/?p=5&q=1         | ok",
            "http://h/s?path=/a/b/a/b/a/b/a                               | trap-repeated-segment-in-query",
            "http://h/a/b?path=/a/b/a/b/a/c                               | trap-repeated-segment-in-query",
            "http://h/a/b?path=/a/c/a                                     | ok",
            "http://h/s?path=%2Fa%2Fa%2fa%2Fa                             | trap-repeated-segment-in-query",
            "http://h/s?a=1&b=1&c=1&d=1&e=1                               | ok",
            "http://h/f?c=1&c=2&c=3&c=4&c=5                               | ok",
            "http://h/f?c=1&c=2&c=3&c=4&c=5&c=6                           | trap-repeated-parameter",
            "http://h/f?c&c&c&c&c&c                                       | trap-repeated-parameter",
            "http://h/a/a/a/a                                             | trap-repeated-segment",
    })
    void defaultGuards(String url, String expected) {
        assertEquals(expected, reason(LimitSettings.defaults(), url));
    }

    @Test
    void theQueryLengthCountsTheQueryOnly() {
        String q = "x".repeat(1024);
        assertNull(reason(LimitSettings.defaults(), "http://h/" + "p".repeat(900) + "?" + q));
        assertEquals("trap-long-query", reason(LimitSettings.defaults(), "http://h/?" + q + "y"));
        assertEquals("trap-long-query", reason(LimitSettings.builder().maxQueryLength(0).build(), "http://h/?a"));
        assertNull(reason(LimitSettings.builder().maxQueryLength(0).build(), "http://h/a"));
    }

    @Test
    void urlsThatDifferOnlyByNumbersShareAShapeWhoseCountIsLimitedOnceItSpreadsDeep() {
        CrawlLimits limits = new CrawlLimits(LimitSettings.builder().maxUrlsPerShape(3).build());
        int far = 1 + UrlShapes.DEPTH_SPAN + 1;
        assertNull(limits.dropReason(WebUrl.parse("http://h/cal?m=1"), 1));
        assertNull(limits.dropReason(WebUrl.parse("http://h/cal?m=22"), 2));
        assertNull(limits.dropReason(WebUrl.parse("http://h/cal?m=-5"), 3));
        assertNull(limits.dropReason(WebUrl.parse("http://h/cal?m=4"), 4), "a fourth, but near the first");
        assertEquals(DropReason.TRAP_URL_SHAPE, limits.dropReason(WebUrl.parse("http://h/cal?m=5"), far));
        assertNull(limits.dropReason(WebUrl.parse("http://h/cal?n=5"), far), "another parameter, another shape");
        assertNull(limits.dropReason(WebUrl.parse("http://other/cal?m=5"), far), "shapes are per host");
        for (int day = 10; day < 13; day++) {
            assertNull(limits.dropReason(WebUrl.parse("http://h/cal?d=2026-05-" + day), day == 10 ? 1 : far));
        }
        assertEquals(DropReason.TRAP_URL_SHAPE, limits.dropReason(WebUrl.parse("http://h/cal?d=2026-05-14"), far));
    }

    @Test
    void aShapeWithManyUrlsAllWithinAFewLinksIsNeverCut() {
        CrawlLimits limits = new CrawlLimits(LimitSettings.builder().maxUrlsPerShape(3).build());
        for (int i = 0; i < 5000; i++) {
            assertNull(limits.dropReason(WebUrl.parse("http://h/article/" + i), 1 + i % (UrlShapes.DEPTH_SPAN + 1)));
        }
    }

    @Test
    void urlsWithoutDigitsAreNotCountedByShape() {
        CrawlLimits limits = new CrawlLimits(LimitSettings.builder().maxUrlsPerShape(1).build());
        assertNull(limits.dropReason(WebUrl.parse("http://127.0.0.1:8080/a"), 1));
        assertNull(limits.dropReason(WebUrl.parse("http://127.0.0.1:8080/b"), 30));
        assertNull(limits.dropReason(WebUrl.parse("http://127.0.0.1:8080/c"), 60));
    }

    @Test
    void theShapeCountsKeepAtMostTheirCapacityAndForgetTheLeastRecentlySeen() {
        UrlShapes shapes = new UrlShapes(100);
        WebUrl busy = WebUrl.parse("http://h/busy?n=1");
        for (int i = 0; i < 1000; i++) {
            String oneOff = "http://h/s" + "abcdefghij".charAt(i % 10) + "/" + i + "?k=" + "x".repeat(i);
            shapes.overLimit(WebUrl.parse(oneOff), 1, 1);
            shapes.overLimit(busy, 1, 1);
        }
        assertEquals(100, shapes.size());
        assertEquals(1000, shapes.count(busy)); // seen all along, so kept
    }

    @Test
    void noTrapGuardsTurnsEveryGuardOffButTheUrlLengthCap() {
        LimitSettings off = LimitSettings.builder().noTrapGuards().build();
        for (String url : List.of("http://h/a/a/a/a/a", "http://h/?" + "x".repeat(2000), "http://h/?c&c&c&c&c&c&c",
                "http://h/s?p=/a/a/a/a/a", "http://h/" + "d/".repeat(50))) {
            assertNull(reason(off, url), url);
        }
        assertEquals("max-url-length", reason(off, "http://h/" + "x".repeat(2048)));
    }
}
