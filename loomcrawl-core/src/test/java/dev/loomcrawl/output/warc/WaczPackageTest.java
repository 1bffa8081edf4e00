package dev.loomcrawl.output.warc;

import dev.loomcrawl.output.Crawls;
import dev.loomcrawl.output.OutputException;
import dev.loomcrawl.output.warc.WarcFixture.Rec;
import dev.loomcrawl.testkit.Route;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** WACZ 1.1.1 packages of a crawl's WARC files, opened with java.util.zip and read back with jwarc. */
class WaczPackageTest {
    @TempDir
    Path dir;

    private static final String A = "<!doctype html><title>Page  A</title><p>the same page at two URLs";

    private static byte[] gzip(String s) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(s.getBytes(StandardCharsets.UTF_8));
        }
        return out.toByteArray();
    }

    private static TestSite site() throws Exception {
        return TestSite.builder()
                .page("/", "<title>Home</title><a href=/a>a</a><a href=/a2>a2</a><a href=/old>old</a>"
                        + "<a href=/missing>m</a><img src=/i.png><a href=/x.xhtml>x</a><a href=/gz>gz</a>"
                        + "<a href=/untitled>u</a>")
                .page("/a", A).page("/a2", A)
                .page("/untitled", "<p>no title")
                .redirect("/old", 301, "/a")
                .route("/missing", new Route.Respond(404, Map.of("Content-Type", "text/html"),
                        "<title>Not found</title>".getBytes(StandardCharsets.UTF_8)))
                .resource("/i.png", "image/png", new byte[] {(byte) 0x89, 'P', 'N', 'G', 0, 1, 2})
                .resource("/x.xhtml", "application/xhtml+xml",
                        "<html xmlns='http://www.w3.org/1999/xhtml'><head><title>X</title></head></html>"
                                .getBytes(StandardCharsets.UTF_8))
                .route("/gz", new Route.Respond(200, Map.of("Content-Type", "text/html; charset=utf-8",
                        "Content-Encoding", "gzip"), gzip("<title>Zipped \u00e9t\u00e9</title>")))
                .start();
    }

    /** A crawl of {@code site} with one capture per WARC file, so the package holds several. */
    private List<Path> crawl(TestSite site) {
        WarcOutput[] warc = new WarcOutput[1];
        Crawls.runWith(Crawls.from(site, "/"), journal -> warc[0] = WarcOutput.open(dir.resolve("crawl"), 1, Map.of(),
                journal));
        return warc[0].files();
    }

    private static String sha256(byte[] bytes) throws Exception {
        return "sha256:" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }

    /** The entries of a ZIP file, in order, with their content. */
    private static Map<String, byte[]> entries(Path zip, List<String> stored) throws Exception {
        Map<String, byte[]> entries = new LinkedHashMap<>();
        try (ZipFile z = new ZipFile(zip.toFile())) {
            for (ZipEntry e : z.stream().toList()) {
                entries.put(e.getName(), z.getInputStream(e).readAllBytes());
                if (e.getMethod() == ZipEntry.STORED) stored.add(e.getName());
            }
        }
        return entries;
    }

    private static int indexOf(byte[] in, byte[] what) {
        for (int i = 0; i + what.length <= in.length; i++) {
            if (Arrays.equals(in, i, i + what.length, what, 0, what.length)) return i;
        }
        return -1;
    }

    @Test
    @SuppressWarnings("unchecked")
    void aWaczHoldsTheWarcsStoredOneSortedIndexThePagesAndAManifestOfTheirHashes() throws Exception {
        try (TestSite site = site()) {
            List<Path> warcs = crawl(site);
            assertEquals(9, warcs.size());
            Path wacz = dir.resolve("crawl.wacz");
            WaczPackage.write(wacz, warcs, "A test crawl");

            List<String> stored = new ArrayList<>();
            Map<String, byte[]> entries = entries(wacz, stored);
            List<String> names = new ArrayList<>();
            for (Path w : warcs) names.add("archive/" + w.getFileName());
            List<String> archive = List.copyOf(names);
            names.addAll(List.of("indexes/index.cdxj", "pages/pages.jsonl", "datapackage.json",
                    "datapackage-digest.json"));
            assertEquals(names, List.copyOf(entries.keySet()));
            assertEquals(archive, stored, "the WARC files, and only they, are STORED");

            // Each WARC file lies whole in the package, so a record is a range of the .wacz itself.
            byte[] whole = Files.readAllBytes(wacz);
            Map<String, byte[]> inPackage = new LinkedHashMap<>();
            for (Path w : warcs) {
                byte[] bytes = Files.readAllBytes(w);
                assertArrayEquals(bytes, entries.get("archive/" + w.getFileName()));
                int start = indexOf(whole, bytes);
                assertTrue(start > 0, w + " is not stored as it is");
                inPackage.put(w.getFileName().toString(), Arrays.copyOfRange(whole, start, start + bytes.length));
            }
            Path index = dir.resolve("index.cdxj");
            Files.write(index, entries.get("indexes/index.cdxj"));
            List<CdxjFixture.Line> lines = CdxjFixture.read(index);
            assertEquals(9, lines.size());
            CdxjFixture.assertIndexes(lines, warcs, inPackage::get);

            Map<String, Object> manifest = JsonFixture.object(new String(entries.get("datapackage.json"),
                    StandardCharsets.UTF_8));
            assertEquals("data-package", manifest.get("profile"));
            assertEquals("1.1.1", manifest.get("wacz_version"));
            assertEquals("A test crawl", manifest.get("title"));
            Instant.parse((String) manifest.get("created"));
            assertTrue(((String) manifest.get("software")).startsWith("loomcrawl/"), manifest.toString());
            List<Map<String, Object>> resources = (List<Map<String, Object>>) manifest.get("resources");
            assertEquals(names.subList(0, names.size() - 2), resources.stream().map(r -> r.get("path")).toList());
            for (Map<String, Object> r : resources) {
                byte[] content = entries.get((String) r.get("path"));
                assertEquals(sha256(content), r.get("hash"), r.toString());
                assertEquals((long) content.length, r.get("bytes"), r.toString());
                assertTrue(((String) r.get("path")).endsWith("/" + r.get("name")), r.toString());
            }
            Map<String, Object> digest = JsonFixture.object(new String(entries.get("datapackage-digest.json"),
                    StandardCharsets.UTF_8));
            assertEquals(Map.of("path", "datapackage.json", "hash", sha256(entries.get("datapackage.json"))), digest);

            assertPages(site, warcs, new String(entries.get("pages/pages.jsonl"), StandardCharsets.UTF_8));
            try (Stream<Path> left = Files.list(dir)) {
                assertEquals(Set.of(), Set.copyOf(left.filter(p -> !warcs.contains(p) && !p.equals(wacz)
                        && !p.equals(index) && !p.toString().endsWith(".cdxj")).toList()), "temporary files remain");
            }
        }
    }

    /** The header line, then each 200 HTML response (and revisit of one) in time order, with its title. */
    private static void assertPages(TestSite site, List<Path> warcs, String jsonl) throws Exception {
        List<String> lines = jsonl.lines().toList();
        for (String line : lines) assertTrue(line.startsWith("{") && line.endsWith("}"), "one object a line: " + line);
        assertEquals(Map.of("format", "json-pages-1.0", "id", "pages", "title", "All Pages"),
                JsonFixture.object(lines.getFirst()));
        List<Rec> records = WarcFixture.read(warcs);
        Map<String, String> titles = new LinkedHashMap<>();
        Instant previous = Instant.MIN;
        Set<Object> ids = new java.util.HashSet<>();
        for (String line : lines.subList(1, lines.size())) {
            Map<String, Object> page = JsonFixture.object(line);
            String url = (String) page.get("url");
            Instant ts = Instant.parse((String) page.get("ts"));
            Rec rec = records.stream().filter(r -> url.equals(r.target())
                    && (r.type().equals("response") || r.type().equals("revisit"))).findFirst().orElseThrow();
            assertEquals(Instant.parse(rec.header("WARC-Date")), ts, line);
            assertTrue(!ts.isBefore(previous), "in time order: " + jsonl);
            previous = ts;
            assertTrue(ids.add(page.get("id")), "ids are distinct: " + jsonl);
            titles.put(url, (String) page.get("title"));
        }
        Map<String, String> expected = new java.util.HashMap<>();
        expected.put(site.url("/"), "Home");
        expected.put(site.url("/a"), "Page A");
        expected.put(site.url("/a2"), "Page A"); // a revisit, titled as its original
        expected.put(site.url("/x.xhtml"), "X");
        expected.put(site.url("/gz"), "Zipped \u00e9t\u00e9");
        expected.put(site.url("/untitled"), null);
        assertEquals(expected, titles);
    }

    @Test
    void aPackageThatCannotBeMadeLeavesTheFormerOneAsItWas() throws Exception {
        try (TestSite site = site()) {
            List<Path> warcs = crawl(site);
            Path wacz = dir.resolve("crawl.wacz");
            WaczPackage.write(wacz, warcs, null);
            byte[] before = Files.readAllBytes(wacz);
            List<Path> oneMissing = new ArrayList<>(warcs);
            Files.move(warcs.getLast(), dir.resolve("moved.warc.gz"));
            OutputException e = assertThrows(OutputException.class, () -> WaczPackage.write(wacz, oneMissing, null));
            assertTrue(e.getMessage().startsWith("cannot write " + wacz + ": "), e.getMessage());
            assertArrayEquals(before, Files.readAllBytes(wacz));
            try (Stream<Path> left = Files.list(dir)) {
                assertEquals(List.of(), left.filter(p -> p.getFileName().toString().startsWith(".wacz")
                        || p.toString().endsWith(".tmp")).toList());
            }
        }
    }

    @Test
    void twoWarcFilesOfOneNameCannotBePackagedTogether() {
        Path a = dir.resolve("a/crawl-00000.warc.gz");
        Path b = dir.resolve("b/crawl-00000.warc.gz");
        assertThrows(IllegalArgumentException.class, () -> WaczPackage.write(dir.resolve("x.wacz"), List.of(a, b), null));
        assertThrows(IllegalArgumentException.class, () -> WaczPackage.write(dir.resolve("x.wacz"), List.of(), null));
    }
}
