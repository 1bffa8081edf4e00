package dev.loomcrawl.output.warc;

import dev.loomcrawl.output.Crawls;
import dev.loomcrawl.output.warc.CdxjFixture.Line;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The CDXJ index beside each WARC file: what it lists, that it points at the right records, and resumed files. */
class CdxjIndexTest {
    @TempDir
    Path dir;

    private static final byte[] SAME = "the same bytes at two URLs".getBytes(StandardCharsets.UTF_8);

    private static TestSite site(String name) {
        return TestSite.builder()
                .page("/", "<title>" + name + "</title><a href=/a>a</a><a href=/old>old</a><a href=/missing>m</a>"
                        + "<img src=/i.png><a href=/c1>1</a><a href=/c2>2</a>")
                .page("/a", "<p>a of " + name)
                .redirect("/old", 301, "/a")
                .resource("/i.png", "image/png", new byte[] {(byte) 0x89, 'P', 'N', 'G', 0, 1, 2})
                .resource("/c1", "text/plain", SAME).resource("/c2", "text/plain", SAME)
                .start();
    }

    private static void assertIndexed(List<Path> warcs) throws IOException {
        for (Path warc : warcs) {
            Path index = CdxjIndex.beside(warc);
            assertTrue(Files.exists(index), index + " is missing");
            CdxjFixture.assertIndexes(CdxjFixture.read(index), List.of(warc), name -> {
                assertEquals(warc.getFileName().toString(), name);
                return CdxjFixture.bytes(warc);
            });
        }
    }

    private static Set<String> urls(List<Path> warcs) throws IOException {
        Set<String> urls = new java.util.HashSet<>();
        for (Path w : warcs) for (Line l : CdxjFixture.read(CdxjIndex.beside(w))) urls.add(l.field("url"));
        return urls;
    }

    @Test
    void eachFinishedFileHasASortedIndexBesideItOfItsResponsesAndRevisits() throws Exception {
        try (TestSite site = site("one")) {
            WarcOutput[] opened = new WarcOutput[1];
            Crawls.runWith(Crawls.from(site, "/"), journal -> opened[0] = WarcOutput.open(dir.resolve("crawl.warc.gz"),
                    WarcOutput.DEFAULT_MAX_FILE_SIZE, Map.of(), journal));
            WarcOutput warc = opened[0];
            assertEquals(dir.resolve("crawl-00000.cdxj"), CdxjIndex.beside(warc.files().getFirst()));
            assertIndexed(warc.files());
            List<Line> lines = CdxjFixture.read(dir.resolve("crawl-00000.cdxj"));
            assertEquals(7, lines.size()); // /, /a, /old, /missing, /i.png, /c1, /c2; no request, metadata, warcinfo
            Map<String, String> mimes = new HashMap<>();
            for (Line l : lines) mimes.put(l.field("url"), l.field("mime"));
            assertEquals("text/html", mimes.get(site.url("/")));
            assertEquals("image/png", mimes.get(site.url("/i.png")));
            assertEquals(Set.of("text/plain", "warc/revisit"), Set.of(mimes.get(site.url("/c1")), mimes.get(site.url("/c2"))));
            assertEquals("404", lines.stream().filter(l -> l.field("url").equals(site.url("/missing"))).findFirst()
                    .orElseThrow().field("status"));
            int port = java.net.URI.create(site.url("/")).getPort();
            assertEquals("1,0,0,127:" + port + ")/", lines.getFirst().surt(), "SURT keys, as jwarc writes them");
        }
    }

    @Test
    void everyRotatedFileGetsAnIndexOfItsOwn() throws Exception {
        try (TestSite site = Crawls.slowSite(3, 3, java.time.Duration.ZERO)) {
            WarcOutput[] opened = new WarcOutput[1];
            Crawls.runWith(Crawls.from(site, "/"), // one capture per file
                    journal -> opened[0] = WarcOutput.open(dir.resolve("crawl"), 1, Map.of(), journal));
            WarcOutput warc = opened[0];
            assertEquals(4, warc.files().size());
            assertIndexed(warc.files());
            for (Path w : warc.files()) assertEquals(1, CdxjFixture.read(CdxjIndex.beside(w)).size());
            try (var listing = Files.list(dir)) {
                assertEquals(8, listing.count(), "four files, four indexes, nothing else (no temporary files)");
            }
        }
    }

    @Test
    void aFileAppendedToByAResumedCrawlIsIndexedAgainAsAWhole() throws Exception {
        Path path = dir.resolve("crawl");
        Path first = dir.resolve("crawl-00000.warc.gz");
        try (TestSite one = site("one"); TestSite two = site("two")) {
            CommitEachUrl state = new CommitEachUrl();
            try (WarcOutput warc = WarcOutput.open(path, WarcOutput.DEFAULT_MAX_FILE_SIZE, Map.of(), state)) {
                Crawls.run(Crawls.from(one, "/"), state);
            }
            assertEquals(7, CdxjFixture.read(CdxjIndex.beside(first)).size());
            // A killed run's last, uncommitted bytes: the resumed crawl cuts them off.
            Files.write(first, new byte[] {0x1f, (byte) 0x8b, 8, 0, 0}, StandardOpenOption.APPEND);

            CommitEachUrl resumed = new CommitEachUrl(state);
            WarcOutput warc = WarcOutput.open(path, WarcOutput.DEFAULT_MAX_FILE_SIZE, Map.of(), resumed);
            try (warc) {
                assertFalse(Files.exists(CdxjIndex.beside(first)), "a file being appended to has no index");
                Crawls.run(Crawls.from(two, "/"), resumed);
            }
            assertEquals(List.of(first), warc.files());
            assertIndexed(warc.files());
            Set<String> urls = urls(warc.files());
            assertEquals(14, urls.size());
            assertTrue(urls.contains(one.url("/a")) && urls.contains(two.url("/a")), urls.toString());
        }
    }

    @Test
    void aResumedCrawlIndexesEarlierFilesWhoseIndexWasNeverWritten() throws Exception {
        Path path = dir.resolve("crawl");
        try (TestSite one = site("one"); TestSite two = site("two")) {
            CommitEachUrl state = new CommitEachUrl();
            WarcOutput first = WarcOutput.open(path, 1, Map.of(), state);
            try (first) {
                Crawls.run(Crawls.from(one, "/"), state);
            }
            assertEquals(7, first.files().size());
            // Killed while indexing: the files left by rotation have no index yet.
            for (Path w : first.files()) Files.deleteIfExists(CdxjIndex.beside(w));

            CommitEachUrl resumed = new CommitEachUrl(state);
            WarcOutput warc = WarcOutput.open(path, 1, Map.of(), resumed);
            try (warc) {
                Crawls.run(Crawls.from(two, "/"), resumed);
            }
            assertEquals(14, warc.files().size()); // the first run's last file is left at the second run's first capture
            assertIndexed(warc.files());
            assertEquals(14, urls(warc.files()).size());
        }
    }

    @Test
    void anIndexLeftByAnEarlierCrawlGoesWhenItsFileIsWrittenAnew() throws Exception {
        Path stale = dir.resolve("crawl-00000.cdxj");
        Files.writeString(stale, "com,example)/ 20200101000000 {\"url\": \"http://example.com/\"}\n");
        try (TestSite site = site("one")) {
            WarcOutput[] opened = new WarcOutput[1];
            Crawls.runWith(Crawls.from(site, "/"), journal -> {
                opened[0] = WarcOutput.open(dir.resolve("crawl"), WarcOutput.DEFAULT_MAX_FILE_SIZE, Map.of(), journal);
                assertFalse(Files.exists(stale)); // gone once the file is opened, before anything is crawled
                return opened[0];
            });
            WarcOutput warc = opened[0];
            assertIndexed(warc.files());
            assertFalse(Files.readString(stale).contains("example.com"));
        }
    }
}
