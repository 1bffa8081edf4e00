package dev.loomcrawl.internal.frontier;

import dev.loomcrawl.frontier.Visit;
import dev.loomcrawl.frontier.Lease;
import dev.loomcrawl.internal.frontier.SpillingFrontier;
import dev.loomcrawl.result.CrawlException;
import dev.loomcrawl.result.CrawlSummary;
import dev.loomcrawl.testkit.SmallDisk;
import dev.loomcrawl.url.Origin;
import dev.loomcrawl.url.WebUrl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** What the spilling frontier adds to the contract: a bounded window, order kept, no origin starving another. */
@Timeout(60)
class SpillingFrontierTest {
    @TempDir
    Path spillDir;

    private static Visit visit(String url, WebUrl referrer) {
        return new Visit(WebUrl.parse(url), 10, 3, referrer);
    }

    @Test
    void aQueueLargerThanTheWindowIsHandedOutWholeAndInOrderPerOrigin() throws Exception {
        WebUrl home = WebUrl.parse("http://a.test/");
        try (SpillingFrontier f = new SpillingFrontier(8, Duration.ZERO, 50, spillDir)) {
            List<Visit> offered = new ArrayList<>();
            for (int i = 0; i < 3000; i++) {
                Visit v = new Visit(WebUrl.parse("http://o" + i % 3 + ".test/p" + i), i % 5 - 1, i % 7, home, i % 2,
                        i % 11 == 0 ? Visit.Kind.SITEMAP : Visit.Kind.PAGE);
                assertTrue(f.offer(v));
                offered.add(v);
            }
            assertEquals(3000, f.queued());
            Map<Origin, List<Visit>> taken = new HashMap<>();
            for (Lease lease; (lease = f.take()) != null; ) {
                taken.computeIfAbsent(lease.visit().url().origin(), o -> new ArrayList<>()).add(lease.visit());
                lease.done(null);
            }
            Map<Origin, List<Visit>> expected = new HashMap<>();
            offered.forEach(v -> expected.computeIfAbsent(v.url().origin(), o -> new ArrayList<>()).add(v));
            assertEquals(expected, taken, "every visit once, fields intact, each origin's in the order offered");
            assertEquals(0, f.queued());
            assertEquals(1, spillDirectories().size(), "past the window, visits waited on disk");
        }
        assertEquals(List.of(), spillDirectories(), "closing deletes the spill");
    }

    @Test
    void bestFirstKeepsAnOriginsBestVisitsInItsWindowAndHandsThemOutFirst() throws Exception {
        try (SpillingFrontier f = new SpillingFrontier(1, Duration.ZERO, 4, spillDir, true)) {
            for (int i = 1; i <= 20; i++) { // worst first: each better than all before it
                assertTrue(f.offer(visit("http://a.test/p" + i, null).withPriority(i)));
            }
            List<Float> taken = new ArrayList<>();
            for (Lease lease; (lease = f.take()) != null; ) {
                taken.add(lease.visit().priority());
                lease.done(null);
            }
            assertEquals(List.of(20f, 19f, 18f, 17f), taken.subList(0, 4), "the window's best, best first: " + taken);
            assertEquals(20, new java.util.HashSet<>(taken).size(), "every visit once, the displaced from disk");
            assertEquals(1, spillDirectories().size(), "the worst waited on disk");
        }
    }

    @Test
    void aBetterLinkFoundLaterRaisesAQueuedVisitButNotOneOnDisk() throws Exception {
        try (SpillingFrontier f = new SpillingFrontier(1, Duration.ZERO, 3, spillDir, true)) {
            for (int i = 1; i <= 5; i++) assertTrue(f.offer(visit("http://a.test/p" + i, null).withPriority(i)));
            // the window holds p5, p4, p3; p2 and p1 wait on disk
            f.reprioritize(List.of(visit("http://a.test/p3", null).withPriority(9),
                    visit("http://a.test/p4", null).withPriority(1), // lower: left as it is
                    visit("http://a.test/p1", null).withPriority(10))); // on disk: left as it is
            List<String> taken = new ArrayList<>();
            for (Lease lease; (lease = f.take()) != null; ) {
                taken.add(lease.visit().url().path() + "@" + (int) lease.visit().priority());
                lease.done(null);
            }
            assertEquals(List.of("/p3@9", "/p5@5", "/p4@4"), taken.subList(0, 3), taken.toString());
            assertEquals(5, taken.size(), "every visit once: " + taken);
            assertTrue(taken.contains("/p1@1"), "the one on disk kept its priority: " + taken);
        }
    }

    @Test
    void aCrawlThatFitsTheWindowNeverTouchesTheDisk() throws Exception {
        try (SpillingFrontier f = new SpillingFrontier(8, Duration.ZERO, 50, spillDir)) {
            for (int i = 0; i < 50; i++) f.offer(visit("http://a.test/p" + i, null));
            for (Lease lease; (lease = f.take()) != null; ) lease.done(null);
        }
        assertEquals(List.of(), spillDirectories());
    }

    @Test
    void aPausedOriginCannotFillTheWindowAndStarveTheOthers() throws Exception {
        try (SpillingFrontier f = new SpillingFrontier(2, Duration.ZERO, 100, spillDir)) {
            Origin slow = WebUrl.parse("http://slow.test/").origin();
            for (int i = 0; i < 1000; i++) f.offer(visit("http://slow.test/p" + i, null));
            f.setDelay(slow, Duration.ofHours(1)); // the window is full of an origin whose next fetch is an hour away
            for (int i = 0; i < 1000; i++) f.offer(visit("http://fast.test/p" + i, null));
            for (int i = 0; i < 1000; i++) {
                Lease lease = f.take();
                assertEquals("fast.test", lease.visit().url().host(), "take " + i + " while the slow origin waits");
                lease.done(null);
            }
            assertEquals(1000, f.queued(), "the slow origin's visits are all still queued");
            f.stop();
            assertNull(f.take());
        }
    }

    @Test
    void aSpillThatCannotBeWrittenStopsTheCrawlAndSaysWhy() throws Exception {
        Path notADirectory = Files.writeString(spillDir.resolve("file"), "x");
        try (SpillingFrontier f = new SpillingFrontier(2, Duration.ZERO, 10, notADirectory)) {
            for (int i = 0; i < 20; i++) f.offer(visit("http://a.test/p" + i, null));
            int taken = 0;
            for (Lease lease; (lease = f.take()) != null; ) {
                lease.done(null);
                taken++;
            }
            assertTrue(taken <= 10, "at most the window's visits are handed out; the spilled ones could not be kept");
            assertEquals(20 - taken, f.queued(), "what was not handed out is counted as still to do");
            CrawlException e = assertThrows(CrawlException.class, () -> f.finish(summary()));
            assertTrue(e.getMessage().startsWith("crawl stopped: queued URLs could not be kept on disk in "
                    + notADirectory), e.getMessage());
        }
    }

    @Test
    void aFullDiskStopsTheCrawlAndSaysWhy() throws Exception {
        try (SmallDisk disk = SmallDisk.tryMount("64k")) {
            assumeTrue(disk != null, "mounting a small tmpfs needs root");
            String longPath = "/" + "x".repeat(1000);
            try (SpillingFrontier f = new SpillingFrontier(2, Duration.ZERO, 10, disk.dir())) {
                for (int i = 0; i < 1000; i++) f.offer(visit("http://a.test" + longPath + i, null));
                for (Lease lease; (lease = f.take()) != null; ) lease.done(null);
                CrawlException e = assertThrows(CrawlException.class, () -> f.finish(summary()));
                assertTrue(e.getMessage().contains("No space left on device"), e.getMessage());
                assertTrue(f.queued() > 0, "what the disk could not take is still to do");
            }
        }
    }

    @Test
    void aSpillDirectoryLeftByAKilledProcessIsRemovedByTheNext() throws Exception {
        Path abandoned = Files.createDirectory(spillDir.resolve("loomcrawl-spill-12345"));
        Files.writeString(abandoned.resolve("visits-0"), "left behind");
        Path lock = Files.writeString(abandoned.resolve("lock"), "");
        Files.setLastModifiedTime(lock, java.nio.file.attribute.FileTime.from(Instant.now().minusSeconds(3600)));
        try (dev.loomcrawl.spill.SpillDirectory live = dev.loomcrawl.spill.SpillDirectory.create(spillDir)) {
            assertTrue(Files.notExists(abandoned), "no process held its lock");
            Files.setLastModifiedTime(live.path().resolve("lock"),
                    java.nio.file.attribute.FileTime.from(Instant.now().minusSeconds(3600)));
            try (dev.loomcrawl.spill.SpillDirectory next = dev.loomcrawl.spill.SpillDirectory.create(spillDir)) {
                assertTrue(Files.isDirectory(live.path()), "a live crawl's spill is left alone");
                assertNotNull(next.path());
            }
        }
        assertEquals(List.of(), spillDirectories());
    }

    private static CrawlSummary summary() {
        return new CrawlSummary(0, 0, Duration.ZERO, 1, false, Instant.now(), null, Map.of());
    }

    private List<Path> spillDirectories() throws IOException {
        try (Stream<Path> dirs = Files.list(spillDir)) {
            return dirs.filter(p -> p.getFileName().toString().startsWith("loomcrawl-spill-")).toList();
        }
    }
}
