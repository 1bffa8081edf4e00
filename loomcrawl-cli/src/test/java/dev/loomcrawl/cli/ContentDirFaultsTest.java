package dev.loomcrawl.cli;

import dev.loomcrawl.testkit.Route;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.Yaml;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import static dev.loomcrawl.cli.ContentCommandTest.lines;
import static dev.loomcrawl.cli.CrawlCommandTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code --content-dir} against a site that is an adversary, through the real command line on 127.0.0.1: URLs whose
 * names collide (a file for one page, a folder for another; one file for two pages), symbolic links already in the
 * directory, and titles holding characters YAML does not allow as they are.
 */
class ContentDirFaultsTest {
    @TempDir
    Path dir;

    private static String page(String title) {
        return "<html><head><title>" + title + "</title></head><body><main><p>The page called " + title
                + ", with a paragraph long enough to be its main content.</p></main></body></html>";
    }

    /** Each Markdown file under {@code md} (links left out) by the url of its front matter, read as YAML. */
    private static Map<String, Path> filesByUrl(Path md) throws IOException {
        Map<String, Path> byUrl = new HashMap<>();
        try (Stream<Path> all = Files.walk(md)) {
            for (Path p : all.filter(p -> p.toString().endsWith(".md") && Files.isRegularFile(p,
                    LinkOption.NOFOLLOW_LINKS)).toList()) { // a folder may be called "a.md" too
                Map<String, Object> front = frontMatter(p);
                Path before = byUrl.put((String) front.get("url"), p);
                assertEquals(null, before, "two files for " + front.get("url"));
            }
        }
        return byUrl;
    }

    /** The front matter of a page's file, parsed as YAML (SnakeYAML refuses characters YAML does not allow). */
    static Map<String, Object> frontMatter(Path file) throws IOException {
        String md = Files.readString(file, StandardCharsets.UTF_8);
        assertTrue(md.startsWith("---\n"), md);
        int end = md.indexOf("\n---\n", 3);
        assertTrue(end > 0, md);
        return new Yaml().load(md.substring(4, end + 1));
    }

    @Test
    void urlsWhoseNamesCollideEachGetTheirOwnFileListedInTheIndex() throws Exception {
        // "Aa" and "BB" have one String.hashCode: the two queries' names were one
        List<String> paths = List.of("/a", "/a.md/b", "/a.md/b.md/c", "/x", "/x.html", "/m!n", "/m$n", "/q?Aa", "/q?BB",
                "/t/", "/t/index.html");
        StringBuilder home = new StringBuilder("<html><head><title>Home</title></head><body><main><p>Links.</p>");
        for (String p : paths) home.append("<a href=\"").append(p).append("\">").append(p).append("</a> ");
        TestSite.Builder b = TestSite.builder().page("/", home + "</main></body></html>");
        for (String p : paths) b.page(p, page("page " + p));
        try (TestSite site = b.start()) {
            Path md = dir.resolve("md");
            CrawlCommandTest.Run r = run("crawl", "--no-progress", "--allow-private", "--content-dir", md.toString(),
                    site.url("/"));
            assertEquals(0, r.exit(), r.err());
            assertTrue(r.out().contains("Content: " + (paths.size() + 1) + " pages"), r.out());
            Map<String, Path> files = filesByUrl(md);
            Set<String> expected = new HashSet<>();
            expected.add(site.url("/"));
            for (String p : paths) expected.add(site.url(p));
            assertEquals(expected, files.keySet(), "every page in a file of its own");
            for (String p : paths) {
                assertTrue(Files.readString(files.get(site.url(p))).contains("The page called page " + p), p);
            }
            // the index lists each page's file; the ones not at the name the rules give are marked renamed
            List<Map<String, Object>> index = lines(md.resolve("pages.jsonl"));
            assertEquals(expected.size(), index.size(), index.toString());
            int renamed = 0;
            for (Map<String, Object> line : index) {
                Path file = md.resolve((String) line.get("file"));
                assertEquals(files.get((String) line.get("url")), file, line.toString());
                if ((Boolean) line.get("renamed")) renamed++;
            }
            assertTrue(renamed >= 5, "a.md, x.md, m_n.md, q_q....md and t/index.md each taken by one: " + index);
            try (Stream<Path> all = Files.walk(md)) {
                assertEquals(expected.size() + 1, all.filter(Files::isRegularFile).count(), "no temporary left");
            }
        }
    }

    @Test
    void linksAlreadyInTheDirectoryAreNeverFollowed() throws Exception {
        try (TestSite site = TestSite.builder()
                .page("/", "<html><head><title>Home</title></head><body><main><p>Home.</p><a href=/a>a</a> "
                        + "<a href=/b>b</a> <a href=/sub/p>p</a></main></body></html>")
                .page("/a", page("a")).page("/b", page("b")).page("/sub/p", page("p"))
                .start()) {
            Path md = dir.resolve("md"), outside = Files.createDirectories(dir.resolve("outside"));
            Path host = Files.createDirectories(md.resolve("127.0.0.1_" + site.port()));
            Path victim = Files.writeString(outside.resolve("victim.txt"), "mine");
            Path other = Files.writeString(outside.resolve("other.txt"), "mine too");
            Files.createSymbolicLink(host.resolve("a.md.tmp"), victim); // the temporary name the crawler used
            Files.createSymbolicLink(host.resolve("b.md"), other); // a page's own name
            Files.createSymbolicLink(host.resolve("sub"), outside); // a folder on a page's path
            CrawlCommandTest.Run r = run("crawl", "--no-progress", "--allow-private", "--content-dir", md.toString(),
                    site.url("/"));
            assertEquals(0, r.exit(), r.err());
            assertEquals("mine", Files.readString(victim));
            assertEquals("mine too", Files.readString(other));
            try (Stream<Path> in = Files.list(outside)) {
                assertEquals(Set.of("victim.txt", "other.txt"),
                        Set.copyOf(in.map(p -> p.getFileName().toString()).toList()), "nothing written outside");
            }
            assertTrue(Files.isSymbolicLink(host.resolve("b.md")) && Files.isSymbolicLink(host.resolve("sub")),
                    "links left as they were");
            Map<String, Path> files = filesByUrl(md);
            assertEquals(Set.of(site.url("/"), site.url("/a"), site.url("/b"), site.url("/sub/p")), files.keySet());
            Path real = md.toRealPath();
            for (Path p : files.values()) {
                assertTrue(p.toRealPath().startsWith(real), p + " is inside the directory");
                for (Path q = p; !q.equals(md); q = q.getParent()) {
                    assertFalse(Files.isSymbolicLink(q), q + " is no link");
                }
            }
            assertTrue(Files.isRegularFile(files.get(site.url("/a")), LinkOption.NOFOLLOW_LINKS));
        }
    }

    @Test
    void theFrontMatterIsValidYamlWhateverTheTitleHolds() throws Exception {
        // raw: a C1 control, NEL, a BOM, U+FFFF, a line and a paragraph separator, DEL, ESC; by reference: U+FFFE,
        // a surrogate (U+FFFD by HTML's rules); and YAML's own quote and backslash
        String title = "C1\u0086 NEL\u0085 BOM\uFEFF FFFF\uFFFF LS\u2028 PS\u2029 DEL\u007F ESC\u001B "
                + "FFFE&#xFFFE; sur&#xD800; q\" b\\ emoji\uD83D\uDE00";
        try (TestSite site = TestSite.builder()
                .route("/", new Route.Respond(200, Map.of("Content-Type", "text/html; charset=utf-8"),
                        page(title).getBytes(StandardCharsets.UTF_8)))
                .start()) {
            Path md = dir.resolve("md"), records = dir.resolve("records.jsonl");
            CrawlCommandTest.Run r = run("crawl", "--no-progress", "--allow-private", "--content-dir", md.toString(),
                    "--output", records.toString(), site.url("/"));
            assertEquals(0, r.exit(), r.err());
            Map<String, Object> front = frontMatter(md.resolve("127.0.0.1_" + site.port()).resolve("index.md"));
            String recorded = (String) lines(records).getFirst().get("title");
            assertEquals(recorded, front.get("title"), "the title the record has");
            // (NEL, LS and PS are spaces to the title's whitespace collapsing: the record has none of them)
            for (String kept : List.of("\u0086", "\u001B", "\u007F", "\uFEFF", "\uFFFF", "\uFFFE",
                    "sur\uFFFD", "q\" b\\", "\uD83D\uDE00")) {
                assertTrue(recorded.contains(kept), "kept " + kept + ": " + recorded.chars()
                        .mapToObj(Integer::toHexString).toList());
            }
            assertEquals(site.url("/"), front.get("url"));
        }
    }
}
