package dev.loomcrawl.output.warc;

import dev.loomcrawl.internal.journal.JournalWriter;
import dev.loomcrawl.journal.Journal;
import dev.loomcrawl.output.Crawls;
import dev.loomcrawl.output.OutputException;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.netpreserve.jwarc.WarcRevisit;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static dev.loomcrawl.output.warc.WarcFixture.Rec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The WARC output's structure: records per URL, gzip members, revisits, rotation. Read back with jwarc. */
class WarcOutputTest {
    @TempDir
    Path dir;

    private List<Path> crawl(TestSite site, long maxSize) {
        WarcOutput[] warc = new WarcOutput[1];
        Crawls.runWith(Crawls.from(site, "/"), journal -> warc[0] = WarcOutput.open(dir.resolve("crawl.warc.gz"),
                maxSize, Map.of("http-header-user-agent", "ua"), journal));
        return warc[0].files();
    }

    private static void assertValid(List<Path> files) throws Exception {
        JwarcValidator.Result v = JwarcValidator.validate(files);
        assertTrue(v.valid(), v.output());
    }

    @Test
    void eachFetchedUrlIsARequestAResponseAndAMetadataRecordAfterAWarcinfo() throws Exception {
        int closed = Crawls.closedPort();
        try (TestSite site = TestSite.builder()
                .page("/", "<a href=/a>a</a><a href=/old>old</a><a href=/missing>m</a><img src=/i.png>"
                        + "<a href='http://127.0.0.1:" + closed + "/down'>down</a>")
                .page("/a", "<p>a")
                .redirect("/old", 301, "/a")
                .resource("/i.png", "image/png", new byte[] {(byte) 0x89, 'P', 'N', 'G', 0, 1, 2})
                .start()) {
            List<Path> files = crawl(site, WarcOutput.DEFAULT_MAX_FILE_SIZE);
            assertEquals(List.of(dir.resolve("crawl-00000.warc.gz")), files);
            List<Rec> records = WarcFixture.read(files);

            Rec info = records.getFirst();
            assertEquals("warcinfo", info.type());
            assertEquals("crawl-00000.warc.gz", info.header("WARC-Filename"));
            assertTrue(info.text().contains("software: loomcrawl/"), info.text());
            assertTrue(info.text().contains("format: WARC File Format 1.1\r\n"), info.text());
            assertTrue(info.text().contains("http-header-user-agent: ua\r\n"), info.text());
            assertEquals(1 + 5 * 3, records.size()); // the failed URL has no exchange to archive

            for (String path : new String[] {"/", "/a", "/old", "/missing", "/i.png"}) {
                Rec response = WarcFixture.only(records, "response", site.url(path));
                Rec request = WarcFixture.only(records, "request", site.url(path));
                Rec metadata = WarcFixture.only(records, "metadata", site.url(path));
                String id = response.header("WARC-Record-ID");
                assertEquals(id, request.header("WARC-Concurrent-To"));
                assertEquals(id, metadata.header("WARC-Concurrent-To"));
                for (Rec r : List.of(response, request, metadata)) assertEquals("WARC/1.1", r.version());
                assertEquals("http/1.1", response.header("WARC-Protocol"));
                assertEquals(WarcRecords.sha1(response.payload()).toString(), response.header("WARC-Payload-Digest"));
                assertEquals(WarcRecords.sha1(response.block()).toString(), response.header("WARC-Block-Digest"));
                assertTrue(request.text().startsWith("GET " + path + " HTTP/1.1\r\n"), request.text());
                assertTrue(request.text().contains("\r\nUser-Agent: loomcrawl/"), request.text());
            }
            assertEquals(200, WarcFixture.only(records, "response", site.url("/")).http().status());
            assertEquals("OK", WarcFixture.only(records, "response", site.url("/")).http().reason());
            assertEquals(404, WarcFixture.only(records, "response", site.url("/missing")).http().status());
            assertTrue(WarcFixture.only(records, "response", site.url("/i.png")).payload().length == 7);

            String outlinks = WarcFixture.only(records, "metadata", site.url("/")).text();
            assertTrue(outlinks.contains("outlink: " + site.url("/a") + " L a/@href\r\n"), outlinks);
            assertTrue(outlinks.contains("outlink: " + site.url("/i.png") + " E img/@src\r\n"), outlinks);
            assertTrue(outlinks.contains("outlink: http://127.0.0.1:" + closed + "/down L a/@href\r\n"), outlinks);
            String redirect = WarcFixture.only(records, "metadata", site.url("/old")).text();
            assertTrue(redirect.contains("via: " + site.url("/") + "\r\n"), redirect);
            assertTrue(redirect.contains("outlink: " + site.url("/a") + " R location\r\n"), redirect);
            assertValid(files);
        }
    }

    @Test
    void everyRecordIsAGzipMemberOfItsOwn() throws Exception {
        try (TestSite site = Crawls.slowSite(5, 5, java.time.Duration.ZERO)) {
            List<Path> files = crawl(site, WarcOutput.DEFAULT_MAX_FILE_SIZE);
            List<Rec> records = WarcFixture.read(files);
            byte[] bytes = Files.readAllBytes(files.getFirst());
            long previous = -1;
            for (Rec r : records) {
                assertTrue(r.position() > previous, "records share a gzip member at " + r.position());
                assertEquals(0x1f, bytes[(int) r.position()] & 0xff);
                assertEquals(0x8b, bytes[(int) r.position() + 1] & 0xff);
                previous = r.position();
            }
            assertEquals(1 + 6 * 3, records.size());
        }
    }

    @Test
    void aPayloadSeenBeforeIsARevisitThatRefersToTheFirstResponse() throws Exception {
        byte[] same = "the same bytes at three URLs".getBytes(StandardCharsets.UTF_8);
        try (TestSite site = TestSite.builder()
                .page("/", "<a href=/c1>1</a><a href=/c2>2</a><a href=/c3>3</a><a href=/e1>e</a><a href=/e2>e</a>")
                .resource("/c1", "text/plain", same).resource("/c2", "text/plain", same)
                .resource("/c3", "text/plain", same)
                .resource("/e1", "text/plain", new byte[0]).resource("/e2", "text/plain", new byte[0])
                .start()) {
            List<Path> files = crawl(site, WarcOutput.DEFAULT_MAX_FILE_SIZE);
            List<Rec> records = WarcFixture.read(files);
            List<Rec> copies = records.stream().filter(r -> r.target() != null && r.target().contains("/c")
                    && (r.type().equals("response") || r.type().equals("revisit"))).toList();
            assertEquals(List.of("response", "revisit", "revisit"), copies.stream().map(Rec::type).toList());
            Rec original = copies.getFirst();
            for (Rec revisit : copies.subList(1, 3)) {
                assertEquals(WarcRevisit.IDENTICAL_PAYLOAD_DIGEST_1_1.toString(), revisit.header("WARC-Profile"));
                assertEquals(original.header("WARC-Record-ID"), revisit.header("WARC-Refers-To"));
                assertEquals(original.target(), revisit.header("WARC-Refers-To-Target-URI"));
                assertEquals(original.header("WARC-Date"), revisit.header("WARC-Refers-To-Date"));
                assertEquals(original.header("WARC-Payload-Digest"), revisit.header("WARC-Payload-Digest"));
                assertEquals(200, revisit.http().status()); // the HTTP headers are kept, the body is not
                assertTrue(revisit.block().length < 300, revisit.text());
                assertEquals(revisit.header("WARC-Record-ID"),
                        WarcFixture.only(records, "request", revisit.target()).header("WARC-Concurrent-To"));
            }
            assertEquals(2, records.stream().filter(r -> r.type().equals("response") && r.target().contains("/e"))
                    .count(), "empty payloads are never revisits");
            assertValid(files);
        }
    }

    @Test
    void filesRotateBySizeWithSerialNumbersEachStartingWithItsWarcinfo() throws Exception {
        try (TestSite site = Crawls.slowSite(3, 3, java.time.Duration.ZERO)) {
            List<Path> files = crawl(site, 1); // every capture overflows: one capture per file
            assertEquals(4, files.size());
            for (int i = 0; i < files.size(); i++) {
                String name = String.format("crawl-%05d.warc.gz", i);
                assertEquals(dir.resolve(name), files.get(i));
                List<Rec> records = WarcFixture.read(List.of(files.get(i)));
                assertEquals(List.of("warcinfo", "request", "response", "metadata"),
                        records.stream().map(Rec::type).toList());
                assertEquals(name, records.getFirst().header("WARC-Filename"));
            }
            assertValid(files);
        }
    }

    @Test
    void aPathThatCannotBeWrittenFailsAtOpenNamingTheFile() throws Exception {
        java.nio.file.Files.writeString(dir.resolve("file"), "a file, not a folder");
        OutputException e = assertThrows(OutputException.class,
                () -> WarcOutput.open(dir.resolve("file/sub/crawl"), 1000, Map.of(), JournalWriter.inMemory()));
        assertEquals("cannot write " + dir.resolve("file/sub/crawl-00000.warc.gz") + ": Not a directory",
                e.getMessage());
    }

    @Test
    void theFoldersOfAPrefixAreMade() {
        WarcOutput warc = WarcOutput.open(dir.resolve("a/b/crawl"), 1000, Map.of(), JournalWriter.inMemory());
        warc.close();
        assertEquals(dir.resolve("a/b/crawl-00000.warc.gz"), warc.files().getFirst());
    }

    @Test
    void aDirectoryGetsTimestampedFileNames() {
        WarcOutput warc = WarcOutput.open(dir, 1000, Map.of(), JournalWriter.inMemory());
        warc.close();
        String name = warc.files().getFirst().getFileName().toString();
        assertTrue(name.matches("loomcrawl-\\d{14}-00000\\.warc\\.gz"), name);
    }
}
