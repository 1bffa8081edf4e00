package dev.loomcrawl.journal;

import dev.loomcrawl.Crawler;
import dev.loomcrawl.output.CommittedOutput;
import dev.loomcrawl.output.Crawls;
import dev.loomcrawl.result.CrawlException;
import dev.loomcrawl.result.CrawlSummary;
import dev.loomcrawl.result.FinishedUrl;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** An output that fails as it makes its part of a URL stops the crawl with one line; the crawl never hangs. */
class JournalFailureTest {

    /** An output whose part of the {@code n}th finished URL fails with {@code failure}. */
    private static CommittedOutput<String> failingAt(int n, RuntimeException failure, AtomicInteger written) {
        AtomicInteger seen = new AtomicInteger();
        return new CommittedOutput<>() {
            @Override
            public String prepare(FinishedUrl finished) {
                if (seen.incrementAndGet() == n) {
                    if (failure == null) throw new StackOverflowError();
                    throw failure;
                }
                return finished.record().url().toString();
            }

            @Override
            public String write(List<String> prepared, boolean force) {
                written.addAndGet(prepared.size());
                return "";
            }
        };
    }

    @Test
    void aStackOverflowMakingAPartStopsTheCrawlSayingSoAndFreesTheSlot() {
        try (TestSite site = Crawls.slowSite(50, 50, Duration.ZERO)) {
            AtomicInteger written = new AtomicInteger();
            try (Crawler crawler = Crawler.builder(Crawls.from(site, "/").maxTasks(2).build()).build()) {
                crawler.journal().add("failing", failingAt(5, null, written));
                CrawlException e = assertThrows(CrawlException.class, crawler::crawl);
                assertEquals("crawl stopped: stack overflow", e.getMessage());
                assertEquals(0, crawler.inFlight(), "every slot was freed");
            }
            assertTrue(written.get() >= 4 && written.get() < 50, "written before the failure: " + written.get());
            assertTrue(site.requests().size() < 51, "the crawl stopped early: " + site.requests().size());
        }
    }

    @Test
    void anOutputThatThrowsStopsTheCrawlWithItsMessage() {
        try (TestSite site = Crawls.slowSite(50, 50, Duration.ZERO)) {
            AtomicInteger written = new AtomicInteger();
            CrawlSummary[] summary = new CrawlSummary[1];
            try (Crawler crawler = Crawler.builder(Crawls.from(site, "/").maxTasks(2).build()).build()) {
                crawler.journal().add("failing", failingAt(3, new IllegalArgumentException("bad part"), written));
                CrawlException e = assertThrows(CrawlException.class, () -> summary[0] = crawler.crawl());
                assertEquals("crawl stopped: bad part", e.getMessage());
            }
            assertTrue(written.get() >= 2 && written.get() < 50, "written before the failure: " + written.get());
        }
    }
}
