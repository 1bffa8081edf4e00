package dev.loomcrawl.render.chromium;

import dev.loomcrawl.fetch.Fetcher;
import dev.loomcrawl.render.chromium.RenderCrawlTest.Crawl;
import dev.loomcrawl.render.chromium.RenderCrawlTest.KillingFetcher;
import dev.loomcrawl.testkit.SinglePageApp;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.stream.Collectors;

import static dev.loomcrawl.render.chromium.RenderCrawlTest.THREE_SCROLLS;
import static dev.loomcrawl.render.chromium.RenderCrawlTest.config;
import static dev.loomcrawl.render.chromium.RenderCrawlTest.paths;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A crawl's browser replaced after its pages, killed mid-render, or hung mid-render, in Debian's Chromium: the crawl
 * goes on in a new one, every page still rendered and recorded once, and no browser left running.
 */
class BrowserRecoveryTest {
    @BeforeAll
    static void needsChromium() {
        assumeTrue(ChromiumRenderer.find() != null, "Chromium is not installed (scripts/test-deps.sh installs it)");
    }

    @Test
    void aBrowserIsReplacedAfterItsPagesEveryPageIsStillRenderedAndNoneIsLeftRunning() {
        try (TestSite app = SinglePageApp.start()) {
            ChromiumRenderer renderer = ChromiumRenderer.start(THREE_SCROLLS.withPagesPerBrowser(3));
            long first = renderer.browserPid();
            assertTrue(browsers().contains(first), "browsers() sees the one started");
            // the browsers this crawl started, seen at each request (other crawls on the machine may run browsers too)
            Set<Long> ours = java.util.concurrent.ConcurrentHashMap.newKeySet();
            ours.add(first);
            java.util.concurrent.atomic.AtomicBoolean firstLingered = new java.util.concurrent.atomic.AtomicBoolean();
            Crawl crawl = Crawl.of(config(app), renderer, null, fetcher -> new KillingFetcher(fetcher, "", () -> {
                long now = renderer.browserPid();
                if (now > 0) ours.add(now);
                // by the fourth browser the first one's pages are long done: it must have ended then, not at the end
                if (renderer.starts() >= 4 && browsers().contains(first)) firstLingered.set(true);
            }));
            assertFalse(firstLingered.get(), "the first browser still ran three browsers later");
            assertEquals(paths(app, SinglePageApp.allPages()), crawl.htmlPages());
            crawl.htmlRecords().forEach(r -> assertTrue(r.rendered(), r.url() + " rendered"));
            assertTrue(renderer.starts() >= 5, "13 pages, 3 a browser: " + renderer.starts() + " browsers");
            assertTrue(ours.size() >= 5, "browsers seen: " + ours);
            Set<Long> left = browsers();
            left.retainAll(ours);
            assertEquals(Set.of(), left, "browsers left running");
        }
    }

    @Test
    void aBrowserKilledMidCrawlIsStartedAgainAndEveryPageStillHasOneRecord() {
        try (TestSite app = SinglePageApp.start()) {
            ChromiumRenderer renderer = ChromiumRenderer.start(THREE_SCROLLS);
            long first = renderer.browserPid();
            AtomicLong killed = new AtomicLong(-1);
            // the second batch of the feed is asked for by a browser in the middle of a render: kill -9 it then
            Function<Fetcher, Fetcher> killer = fetcher -> new KillingFetcher(fetcher, "/api/feed?page=2", () -> {
                if (killed.compareAndSet(-1, renderer.browserPid())) {
                    ProcessHandle.of(killed.get()).ifPresent(ProcessHandle::destroyForcibly);
                }
            });
            Crawl crawl = Crawl.of(config(app), renderer, null, killer);
            assertEquals(first, killed.get(), "the browser was killed mid-render");
            assertEquals(paths(app, SinglePageApp.allPages()), crawl.htmlPages());
            crawl.htmlRecords().forEach(r -> assertTrue(r.rendered(), r.url() + " rendered"));
        }
    }

    @Test
    void aHungBrowserIsKilledAndStartedAgainAndEveryPageStillHasOneRecord() {
        try (TestSite app = SinglePageApp.start()) {
            RenderSettings quick = new RenderSettings(null, Duration.ofSeconds(2), 0, 2, false);
            ChromiumRenderer renderer = ChromiumRenderer.start(quick);
            AtomicLong stopped = new AtomicLong(-1);
            // the JSON is asked for by a browser in the middle of a render: stop it (SIGSTOP) then; it answers nothing
            Function<Fetcher, Fetcher> freezer = fetcher -> new KillingFetcher(fetcher, "/api/links.json", () -> {
                if (stopped.compareAndSet(-1, renderer.browserPid())) signal("STOP", stopped.get());
            });
            Crawl crawl = Crawl.of(config(app), renderer, null, freezer);
            assertTrue(stopped.get() > 0, "the browser was stopped mid-render");
            assertFalse(ProcessHandle.of(stopped.get()).map(ProcessHandle::isAlive).orElse(false),
                    "the hung browser was killed");
            assertEquals(paths(app, List.of("/", "/router/a", "/router/b", "/router/deep", "/from-json/1",
                    "/from-json/2", "/from-timer")), crawl.htmlPages());
            crawl.htmlRecords().forEach(r -> assertTrue(r.rendered(), r.url() + " rendered"));
        }
    }

    private static void signal(String name, long pid) {
        try {
            new ProcessBuilder("kill", "-" + name, Long.toString(pid)).inheritIO().start().waitFor();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The process ids of the browsers this renderer starts that are running (main processes, by their profile). */
    private static Set<Long> browsers() {
        return ProcessHandle.allProcesses().filter(p -> p.info().arguments().map(a -> List.of(a).stream()
                .anyMatch(x -> x.startsWith("--user-data-dir=") && x.contains("loomcrawl-chromium-"))
                && List.of(a).stream().noneMatch(x -> x.startsWith("--type="))).orElse(false))
                .map(ProcessHandle::pid).collect(Collectors.toCollection(TreeSet::new));
    }
}
