package dev.loomcrawl.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.loomcrawl.testkit.Route;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcResponse;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static dev.loomcrawl.cli.CrawlCommandTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a page says, through the real command line against a real site on 127.0.0.1: the page facts on the records,
 * {@code --content}, {@code --content-dir}, {@code --chunks} citing the {@code --warc} capture (read back with jwarc
 * at the stated offset), noindex pages left out and counted, a Latin-1 page, and a resumed {@code --state} crawl
 * writing each page's content exactly once.
 */
class ContentCommandTest {
    private static final JsonFactory JSON = new JsonFactory();

    @TempDir
    Path dir;

    static final String ARTICLE = """
            <!doctype html><html lang="en-GB"><head>
            <title>  Lists &amp; tuples   | The Daily Crawl</title>
            <meta name="description" content="How lists and tuples differ.">
            <meta property="article:published_time" content="2026-03-04T05:06:07Z">
            <link rel="canonical" href="/article">
            <script type="application/ld+json">{"@type":"NewsArticle","author":{"@type":"Person","name":"Ada Lovelace"}}</script>
            </head><body>
            <div class="cookie-banner" id="cookie-consent">We use cookies. Accept all cookies?</div>
            <header><nav><a href="/">Home</a> <a href="/news">News</a> <a href="/sport">Sport</a></nav></header>
            <main><article>
            <h1>Lists and <em>tuples</em></h1>
            <p>A list is a mutable sequence. You can append to a list, remove from it and sort it in place; a list
            grows as you add to it, and Python over-allocates so that appending stays cheap on average.</p>
            <p>A tuple is an immutable sequence. Once made, a tuple cannot change: that makes it hashable when its
            items are, so it can be a key of a dict or a member of a set, which a list can never be.</p>
            <h2>An example</h2>
            <pre><code class="language-python">point = (1, 2)
            names = ["ada", "grace"]</code></pre>
            <table><tr><th>Type</th><th>Mutable</th></tr><tr><td>list</td><td>yes</td></tr>
            <tr><td>tuple</td><td>no</td></tr></table>
            <p>See <a href="/docs/sequences">the sequence docs</a> for more about both kinds of sequence and how
            they compare with the other containers of the standard library.</p>
            </article></main>
            <aside class="related"><h3>Related articles</h3><ul><li><a href="/a1">Sets explained</a></li>
            <li><a href="/a2">Dicts explained</a></li></ul></aside>
            <footer>Copyright 2026 The Daily Crawl. All rights reserved.</footer>
            </body></html>
            """;

    private static TestSite site() {
        byte[] latin1 = ("<html><head><meta charset=\"iso-8859-1\"><title>Caf\u00e9 cr\u00e8me</title></head><body>"
                + "<main><h1>Caf\u00e9</h1><p>Un caf\u00e9 cr\u00e8me, s'il vous pla\u00eet, avec une "
                + "tarte \u00e0 la cr\u00e8me br\u00fbl\u00e9e et beaucoup de patience pour la lire.</p></main>"
                + "</body></html>").getBytes(StandardCharsets.ISO_8859_1);
        return TestSite.builder()
                .page("/", "<html><head><title>Home</title></head><body><h1>Home</h1><p>Start here.</p>"
                        + "<a href=/article>article</a> <a href=/cafe>cafe</a> <a href=/private>private</a> "
                        + "<a href=/private-header>private header</a> <a href=/logo.png>logo</a></body></html>")
                .page("/article", ARTICLE)
                .route("/cafe", new Route.Respond(200, Map.of("Content-Type", "text/html"), latin1))
                .page("/private", "<html><head><meta name=robots content=noindex><title>Private</title></head>"
                        + "<body><p>Do not index this.</p></body></html>")
                .route("/private-header", new Route.Respond(200, Map.of("Content-Type", "text/html; charset=utf-8",
                        "X-Robots-Tag", "noindex"), "<p>Nor this.</p>".getBytes(StandardCharsets.UTF_8)))
                .resource("/logo.png", "image/png", new byte[] {(byte) 0x89, 'P', 'N', 'G'})
                .start();
    }

    /** The lines of a JSON Lines file as maps of their top-level scalar fields (arrays as lists of strings). */
    static List<Map<String, Object>> lines(Path file) throws IOException {
        List<Map<String, Object>> out = new ArrayList<>();
        for (String line : OutputFiles.jsonLines(file)) {
            Map<String, Object> fields = new LinkedHashMap<>();
            try (JsonParser p = JSON.createParser(line)) {
                p.nextToken();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String key = p.currentName();
                    JsonToken t = p.nextToken();
                    if (t == JsonToken.START_ARRAY) {
                        List<String> items = new ArrayList<>();
                        while (p.nextToken() != JsonToken.END_ARRAY) items.add(p.getValueAsString());
                        fields.put(key, items);
                    } else if (t == JsonToken.VALUE_NULL) {
                        fields.put(key, null);
                    } else if (t == JsonToken.VALUE_NUMBER_INT) {
                        fields.put(key, p.getLongValue());
                    } else if (t == JsonToken.VALUE_TRUE || t == JsonToken.VALUE_FALSE) {
                        fields.put(key, p.getBooleanValue());
                    } else {
                        fields.put(key, p.getValueAsString());
                    }
                }
            }
            out.add(fields);
        }
        return out;
    }

    private static Map<String, Object> byUrl(List<Map<String, Object>> lines, String url) {
        return lines.stream().filter(l -> url.equals(l.get("url"))).findFirst()
                .orElseThrow(() -> new AssertionError("no line for " + url + " in " + lines));
    }

    @Test
    void recordsCarryThePageFactsAndContentIsTheMainTextAsTextAndMarkdown() throws Exception {
        try (TestSite site = site()) {
            Path records = dir.resolve("records.jsonl"), content = dir.resolve("content.jsonl");
            CrawlCommandTest.Run r = run("crawl", "--no-progress", "--allow-private", "--output", records.toString(),
                    "--content", content.toString(), "--content-dir", dir.resolve("md").toString(), site.url("/"));
            assertEquals(0, r.exit(), r.err());
            // the three pages, and the 404 pages of the article's five links to pages the site does not have
            assertTrue(r.out().contains("Content: 8 pages, 2 left out as noindex"), r.out());

            Map<String, Object> record = byUrl(lines(records), site.url("/article"));
            assertEquals("Lists & tuples | The Daily Crawl", record.get("title"));
            assertEquals("How lists and tuples differ.", record.get("description"));
            assertEquals("en-GB", record.get("lang"));
            assertEquals(site.url("/article"), record.get("canonical"));
            assertEquals("Lists and tuples", record.get("h1"));
            assertEquals("2026-03-04T05:06:07Z", record.get("published"));
            assertEquals("Ada Lovelace", record.get("author"));
            assertEquals(null, byUrl(lines(records), site.url("/logo.png")).get("title"), "not HTML: no facts");

            List<Map<String, Object>> withErrors = lines(content);
            List<Map<String, Object>> pages = withErrors.stream().filter(l -> !"error".equals(l.get("kind"))).toList();
            assertEquals(new HashSet<>(List.of(site.url("/"), site.url("/article"), site.url("/cafe"))),
                    new HashSet<>(pages.stream().map(l -> l.get("url")).toList()), "HTML pages, noindex left out");
            assertEquals(Set.of("/news", "/sport", "/a1", "/a2", "/docs/sequences"), withErrors.stream()
                    .filter(l -> "error".equals(l.get("kind"))).map(l -> ((String) l.get("url"))
                            .substring(site.url("/").length() - 1)).collect(Collectors.toSet()), "the 404 pages");
            Map<String, Object> article = byUrl(pages, site.url("/article"));
            String text = (String) article.get("text"), markdown = (String) article.get("markdown");
            assertEquals(true, article.get("main"));
            assertEquals("Ada Lovelace", article.get("author"));
            assertTrue(text.contains("A list is a mutable sequence.") && text.contains("A tuple is an immutable"), text);
            for (String boilerplate : List.of("cookies", "Sport", "Related articles", "Dicts explained", "Copyright")) {
                assertFalse(text.contains(boilerplate), "boilerplate '" + boilerplate + "' in the text: " + text);
                assertFalse(markdown.contains(boilerplate), "boilerplate '" + boilerplate + "' in the markdown");
            }
            assertTrue(text.contains("\n\n"), "blocks separated by a blank line");
            assertTrue(markdown.contains("```python\npoint = (1, 2)\nnames = [\"ada\", \"grace\"]\n```"), markdown);
            assertTrue(markdown.contains("## An example"), markdown);
            assertTrue(markdown.contains("| Type | Mutable |"), markdown);
            assertTrue(markdown.contains("[the sequence docs](" + site.url("/docs/sequences") + ")"), "absolute links: "
                    + markdown);

            Map<String, Object> cafe = byUrl(pages, site.url("/cafe"));
            assertEquals("Café crème", cafe.get("title"));
            assertTrue(((String) cafe.get("text")).contains("tarte à la crème brûlée"), "decoded as Latin-1");

            Path file = dir.resolve("md").resolve("127.0.0.1_" + site.port()).resolve("article.md");
            String md = Files.readString(file, StandardCharsets.UTF_8);
            assertTrue(md.startsWith("---\nurl: \"" + site.url("/article") + "\"\ntitle: \"Lists & tuples | The Daily "
                    + "Crawl\"\nfetched: "), md);
            assertTrue(md.contains("\nkind: article\n---\n"), md);
            assertTrue(md.endsWith(markdown), "the same Markdown as --content");
            assertTrue(Files.isRegularFile(dir.resolve("md").resolve("127.0.0.1_" + site.port()).resolve("index.md")));
            try (Stream<Path> all = Files.walk(dir.resolve("md"))) {
                String host = "127.0.0.1_" + site.port();
                assertEquals(List.of(host + "/a1.md", host + "/a2.md", host + "/article.md", host + "/cafe.md",
                        host + "/docs/sequences.md", host + "/index.md", host + "/news.md", host + "/sport.md",
                        "pages.jsonl"), all.filter(Files::isRegularFile)
                        .map(p -> dir.resolve("md").relativize(p).toString()).sorted().toList(),
                        "one file per page written and the index, no temporary");
            }
            assertEquals(8, lines(dir.resolve("md").resolve("pages.jsonl")).size(), "a line per page in the index");
        }
    }

    /**
     * A crawl writing to files that a former crawl left full: each ends with this crawl's lines alone (the CSV with its
     * header first), the old bytes, more than the new, emptied while the crawl started.
     */
    @Test
    void aCrawlReplacesWhatAFormerCrawlLeftInItsFiles() throws Exception {
        try (TestSite site = site()) {
            Path records = dir.resolve("records.csv"), content = dir.resolve("content.jsonl");
            String old = "{\"url\":\"http://old.example/\"}\n".repeat(50_000);
            Files.writeString(records, old);
            Files.writeString(content, old);
            CrawlCommandTest.Run r = run("crawl", "--no-progress", "--allow-private", "--output", records.toString(),
                    "--content", content.toString(), site.url("/"));
            assertEquals(0, r.exit(), r.err());
            assertTrue(r.out().contains("Content: 8 pages"), r.out());
            assertEquals(8, lines(content).size());
            List<String> rows = Files.readAllLines(records);
            assertTrue(rows.get(0).startsWith("url,"), rows.get(0));
            assertTrue(rows.size() > 8 && rows.size() < 100, rows.size() + " rows");
            assertFalse(Files.readString(content).contains("old.example"));
            assertFalse(Files.readString(records).contains("old.example"));
        }
    }

    @Test
    void chunksCiteTheWarcCaptureTheyCameFrom() throws Exception {
        try (TestSite site = site()) {
            Path chunks = dir.resolve("chunks.jsonl");
            CrawlCommandTest.Run r = run("crawl", "--no-progress", "--allow-private", "--chunks", chunks.toString(),
                    "--chunk-size", "300", "--warc", dir.resolve("crawl").toString(), site.url("/"));
            assertEquals(0, r.exit(), r.err());
            List<Map<String, Object>> lines = lines(chunks);
            List<Map<String, Object>> article = lines.stream().filter(l -> site.url("/article").equals(l.get("url")))
                    .toList();
            assertTrue(article.size() >= 2, "the article in several chunks of at most 300 characters: " + article);
            for (Map<String, Object> c : lines) {
                String md = (String) c.get("markdown");
                assertTrue(md.codePointCount(0, md.length()) <= 300, md);
                assertEquals((long) md.codePointCount(0, md.length()), (long) c.get("end") - (long) c.get("start"));
                // the citation: the record at the offset is this page's response, with the stated id and date
                Path warc = dir.resolve((String) c.get("warc_file"));
                try (FileChannel channel = FileChannel.open(warc)) {
                    channel.position((long) c.get("warc_offset"));
                    try (WarcReader reader = new WarcReader(channel)) {
                        WarcRecord record = reader.next().orElseThrow();
                        assertTrue(record instanceof WarcResponse, record.type());
                        assertEquals(c.get("url"), ((WarcResponse) record).target());
                        assertEquals(c.get("warc_record_id"), record.id().toString());
                        assertEquals(c.get("captured"), java.time.format.DateTimeFormatter.ISO_INSTANT.format(
                                record.date().truncatedTo(java.time.temporal.ChronoUnit.MILLIS)));
                    }
                }
            }
            assertEquals(List.of("Lists and tuples", "An example"),
                    article.stream().filter(c -> ((String) c.get("markdown")).contains("```")).findFirst()
                            .orElseThrow().get("headings"));
        }
    }

    @Test
    void aResumedStateCrawlWritesEachPageContentExactlyOnce() throws Exception {
        Map<String, String> distinct = new LinkedHashMap<>(TestSite.crossLinked(40, 3));
        // a paragraph of each page's own: a page of links alone is navigation, and one like another is chunked once
        distinct.replaceAll((path, html) -> html.replace("<body>", "<body><p>This is the page at " + path
                + ", with a paragraph of its own to chunk.</p>"));
        try (TestSite site = TestSite.builder().pages(distinct).start()) {
            String state = dir.resolve("crawl.db").toString();
            Path content = dir.resolve("content.jsonl"), chunks = dir.resolve("chunks.jsonl");
            CrawlCommandTest.Run first = run("crawl", "--no-progress", "--allow-private", "--state", state,
                    "--max-pages", "12", "--content", content.toString(), "--chunks", chunks.toString(),
                    "--content-dir", dir.resolve("md").toString(), site.url("/p0"));
            assertEquals(0, first.exit(), first.err());
            assertEquals(12, lines(content).size());
            CrawlCommandTest.Run second = run("resume", "--no-progress", "--max-pages", "100000", state);
            assertEquals(0, second.exit(), second.err());
            List<Object> urls = lines(content).stream().map(l -> l.get("url")).toList();
            assertEquals(40, urls.size(), "every page once: " + urls);
            assertEquals(40, new HashSet<>(urls).size(), "every page once");
            assertEquals(40, lines(chunks).stream().map(l -> l.get("url")).distinct().count());
            try (Stream<Path> all = Files.walk(dir.resolve("md"))) {
                assertEquals(40, all.filter(p -> p.toString().endsWith(".md")).count());
            }
            // the index, cut back to its end at the last commit, lists each page once
            List<Object> indexed = lines(dir.resolve("md").resolve("pages.jsonl")).stream().map(l -> l.get("url"))
                    .toList();
            assertEquals(40, indexed.size(), "every page once: " + indexed);
            assertEquals(new HashSet<>(urls), new HashSet<>(indexed));
            assertNotNull(lines(content).getFirst().get("text"));
            // the state keeps the page facts: the report made from it has every page's title
            Path reported = dir.resolve("reported.jsonl");
            CrawlCommandTest.Run report = run("report", "--format", "jsonl", "-o", reported.toString(), state);
            assertEquals(0, report.exit(), report.err());
            for (Map<String, Object> r : lines(reported)) {
                String url = (String) r.get("url");
                assertEquals("page " + url.substring(url.lastIndexOf("/p") + 2), r.get("title"));
            }
        }
    }
}
