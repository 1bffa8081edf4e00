package dev.loomcrawl.redis;

import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * When {@code loomcrawl status --watch} has no more to see ({@link CrawlStatus#settled}): the crawl is seen to be
 * over before its last process has closed its frontier, and a view then showed that process alive with counts a beat
 * old (StatusCommandTest failed so, once, in a suite run).
 */
class CrawlStatusTest {
    private static final long FINISHED = 100_000;

    private static ProcessStatus process(String state) {
        return new ProcessStatus("p-" + state, state, "host", 1, 0, FINISHED, 10, 0, 0);
    }

    private static CrawlStatus status(long finishedMs, long nowMs, String... states) {
        return new CrawlStatus(20, 0, 0, 0, 0, finishedMs, nowMs,
                Arrays.stream(states).map(CrawlStatusTest::process).toList());
    }

    @Test
    void aRunningCrawlIsNotSettled() {
        assertFalse(status(-1, FINISHED, "ended", "gone").settled());
    }

    @Test
    void aFinishedCrawlWaitsForItsProcessesLastWord() {
        assertFalse(status(FINISHED, FINISHED + 1000, "ended", "alive").settled(), "a process still alive");
        assertTrue(status(FINISHED, FINISHED + 1000, "ended", "gone").settled(), "each ended or gone");
        assertTrue(status(FINISHED, FINISHED).settled(), "no process");
    }

    @Test
    void butNotLongerThanAProcessTakesToCountAsGone() {
        long bound = ProcessStatus.GONE_AFTER.toMillis();
        assertFalse(status(FINISHED, FINISHED + bound, "alive").settled(), "at the bound");
        assertTrue(status(FINISHED, FINISHED + bound + 1, "alive").settled(), "past it: one that still beats");
    }
}
