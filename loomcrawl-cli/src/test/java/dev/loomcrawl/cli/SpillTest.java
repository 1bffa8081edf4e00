package dev.loomcrawl.cli;

import dev.loomcrawl.testkit.Route;
import dev.loomcrawl.testkit.SmallDisk;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A crawl without a state file that outgrows memory, as a real process: its queue and its report's records go to
 * the spill directory and come back, the report lists every URL once in order, and nothing is left on disk. A
 * spill on a full disk stops the crawl with one line, after the report of what was done.
 */
class SpillTest {
    /** More than the frontier's window and the report's runs (10,000 each). */
    private static final int PAGES = 15_000;

    @TempDir
    Path tmp;

    /** {@code /} links to {@code /q0} ... {@code /q<n-1>}, each a page without links, named with {@code pad}. */
    private static TestSite wideSite(int n, String pad) {
        Function<String, Route> pages = target -> {
            if (target.equals("/")) {
                StringBuilder html = new StringBuilder("<!doctype html><title>wide</title>");
                for (int i = 0; i < n; i++) html.append("<a href=/q").append(i).append(pad).append(">q</a>\n");
                return Route.Respond.html(html.toString());
            }
            return target.startsWith("/q") ? Route.Respond.html("<title>leaf</title>") : null;
        };
        return TestSite.builder().generated(pages).start();
    }

    private static List<String> spillDirectories(Path base) throws IOException {
        try (Stream<Path> dirs = Files.list(base)) {
            return dirs.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("loomcrawl-spill-")).toList();
        }
    }

    @Test
    void aCrawlLargerThanMemoryWaitsOnDiskReportsEveryUrlInOrderAndLeavesNothingBehind() throws Exception {
        Path spill = Files.createDirectory(tmp.resolve("spill"));
        try (TestSite site = wideSite(PAGES, "")) {
            LoomcrawlProcess crawl = LoomcrawlProcess.start(tmp, "crawl", "-v", "--no-progress", "--spill-dir",
                    spill.toString(), "--max-tasks", "50", "--per-host", "50", site.url("/"));
            assertEquals(0, crawl.exit(120), crawl.stderr());
            String err = crawl.stderr();
            assertTrue(err.contains("the queue outgrew memory: the rest waits on disk in " + spill + "/loomcrawl-spill-"),
                    err);
            assertTrue(err.contains("the report's records outgrew memory: the rest wait on disk in " + spill
                    + "/loomcrawl-spill-"), err);
            List<String> urls = new ArrayList<>();
            for (String line : crawl.stdout().lines().toList()) if (line.startsWith("http")) urls.add(line.split(" ")[0]);
            assertEquals(PAGES + 1, urls.size(), "one line per URL");
            List<String> sorted = new ArrayList<>(urls);
            sorted.sort(null);
            assertEquals(sorted, urls, "in URL order");
            assertEquals(PAGES + 1, urls.stream().distinct().count());
            assertTrue(crawl.stdout().contains("Todo: 0\nDone: " + (PAGES + 1) + "\n"), crawl.stdout());
            assertEquals(List.of(), spillDirectories(spill), "the spill is deleted at the end");
        }
    }

    @Test
    void aFullDiskUnderTheSpillStopsTheCrawlWithOneLineAfterTheReport() throws Exception {
        try (SmallDisk disk = SmallDisk.tryMount("64k");
             TestSite site = wideSite(PAGES, "-" + "x".repeat(300))) {
            assumeTrue(disk != null, "cannot mount a tmpfs here (not root?)");
            LoomcrawlProcess crawl = LoomcrawlProcess.start(tmp, "crawl", "--no-progress", "--spill-dir",
                    disk.dir().toString(), "--max-tasks", "10", "--per-host", "10", site.url("/"));
            assertEquals(1, crawl.exit(120), crawl.stderr());
            String line = crawl.stderr();
            assertEquals(1, line.lines().count(), line);
            assertEquals("loomcrawl: crawl stopped: queued URLs could not be kept on disk in " + disk.dir()
                    + ": No space left on device\n", line);
            String out = crawl.stdout();
            assertTrue(out.startsWith("*** Report ***\n" + site.url("/") + " 200 text/html"), out);
            assertTrue(out.contains("\nTodo: "), out);
            assertEquals(List.of(), spillDirectories(disk.dir()), "the spill is deleted at the end");
        }
    }

    @Test
    void runningOutOfHeapEndsTheProcessWithOneLineInsteadOfHangingOn() throws Exception {
        byte[] huge = new byte[48 << 20];
        try (TestSite site = TestSite.builder().page("/", "<a href=/big>big</a>")
                .resource("/big", "application/octet-stream", huge).start()) {
            LoomcrawlProcess crawl = LoomcrawlProcess.startWithHeap("32m", tmp, "crawl", "--no-progress",
                    "--max-body", "64MiB", site.url("/"));
            assertEquals(1, crawl.exit(60), crawl.stderr());
            String line = crawl.stderr();
            assertEquals(1, line.lines().count(), line);
            assertTrue(line.startsWith("loomcrawl: out of memory (Java heap space) in a heap of "), line);
            assertTrue(line.endsWith(" MB; give the JVM more with LOOMCRAWL_JAVA_OPTS='-Xmx1024m'\n"), line);
        }
    }

    @Test
    void aSpillDirectoryThatIsAFileIsAUsageError() throws Exception {
        Path file = Files.writeString(tmp.resolve("file"), "x");
        LoomcrawlProcess crawl = LoomcrawlProcess.start(tmp, "crawl", "--spill-dir", file.toString(),
                "http://127.0.0.1:9/");
        assertEquals(2, crawl.exit(30), crawl.stderr());
        assertTrue(crawl.stderr().startsWith("--spill-dir must be a directory this process can write to: '" + file
                + "'\n"), crawl.stderr());
    }
}
