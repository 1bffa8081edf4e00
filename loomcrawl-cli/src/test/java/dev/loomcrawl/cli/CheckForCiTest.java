package dev.loomcrawl.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.loomcrawl.testkit.Route;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static dev.loomcrawl.cli.CheckCommandTest.check;
import static dev.loomcrawl.cli.CheckCommandTest.seconds;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code loomcrawl check} as a CI job uses it: filters on URL roots, other sites left out, accepted statuses,
 * remapped URLs, dead hosts that fail fast, 429 honoured, fragments, the machine-readable reports and the cache.
 */
class CheckForCiTest {

    @Test
    void excludeAndIncludeApplyToPagesAndLinkTargetsOfAUrlRoot() {
        try (TestSite site = TestSite.builder()
                .page("/", "<a href=/more/index>m</a><a href=/in>in</a><a href='http://www.boost.invalid/x'>b</a>")
                .status("/more/index", 404)
                .page("/in", "<a href=/in-missing>x</a><a href=/more/index>m</a>").start()) {
            CrawlCommandTest.Run all = check(site.url("/"));
            assertEquals(1, all.exit(), all.out() + all.err());
            assertTrue(all.out().contains("404 " + site.url("/more/index") + ", linked from 2 pages"), all.out());
            assertTrue(all.out().contains("dns http://www.boost.invalid/x, linked from " + site.url("/")), all.out());

            CrawlCommandTest.Run excluded = check("--exclude", "more/index", "--exclude", "www\\.boost", site.url("/"));
            assertEquals(1, excluded.exit(), excluded.out() + excluded.err());
            assertEquals("404 " + site.url("/in-missing") + ", linked from " + site.url("/in") + "\n"
                    + "1 broken link to 1 target on 1 page (3 URLs checked in 0.0 s).\n", seconds(excluded.out()));
            assertEquals(1, site.requestCount("/more/index")); // the first run's only

            // only what an include pattern matches (and the root): /more/index and the other site are left out
            CrawlCommandTest.Run included = check("--include", "/in($|-)", site.url("/"));
            assertEquals(1, included.exit(), included.out() + included.err());
            assertEquals("404 " + site.url("/in-missing") + ", linked from " + site.url("/in") + "\n"
                    + "1 broken link to 1 target on 1 page (3 URLs checked in 0.0 s).\n", seconds(included.out()));
            assertEquals(1, site.requestCount("/more/index"));
        }
    }

    @Test
    void excludeExternalLeavesOtherSitesUnchecked() {
        try (TestSite other = TestSite.builder().page("/fine", "fine").start();
             TestSite site = TestSite.builder().page("/", "<a href='" + other.url("other.test", "/gone") + "'>g</a>"
                     + "<a href=/in>in</a>").page("/in", "in").start()) {
            String[] common = {"--allow-private", "--resolve", "other.test:" + other.port() + ":127.0.0.1"};
            CrawlCommandTest.Run checked = check(concat(common, site.url("/")));
            assertEquals(1, checked.exit(), checked.out() + checked.err());
            assertEquals(2, other.arrivals()); // HEAD, and GET to confirm its 404
            for (String option : List.of("--exclude-external", "--internal-only")) {
                CrawlCommandTest.Run internal = check(concat(common, option, site.url("/")));
                assertEquals(0, internal.exit(), internal.out() + internal.err());
                assertEquals("No broken links (2 URLs checked in 0.0 s).\n", seconds(internal.out()));
            }
            assertEquals(2, other.arrivals());
        }
    }

    @Test
    void acceptedStatusesAreFineAndARedirectIsJudgedByWhereItLeads() {
        try (TestSite site = TestSite.builder()
                .page("/", "<a href=/forbidden>f</a><a href=/moved>m</a><a href=/teapot>t</a><a href=/ok>o</a>")
                .status("/forbidden", 403).redirect("/moved", 301, "/gone").status("/gone", 404)
                .status("/teapot", 418).page("/ok", "ok").start()) {
            CrawlCommandTest.Run plain = check(site.url("/"));
            assertEquals(1, plain.exit(), plain.out() + plain.err());
            assertTrue(plain.out().contains("403 " + site.url("/forbidden")), plain.out());

            CrawlCommandTest.Run accepting = check("--accept", "200..299,403", site.url("/"));
            assertEquals(1, accepting.exit(), accepting.out() + accepting.err());
            assertEquals("404 " + site.url("/gone") + ", linked from " + site.url("/moved") + "\n"
                    + "418 " + site.url("/teapot") + ", linked from " + site.url("/") + "\n"
                    + "2 broken links to 2 targets on 2 pages (6 URLs checked in 0.0 s).\n", seconds(accepting.out()));

            assertEquals(0, check("--accept", "200..299,403,404,418", site.url("/")).exit());
            CrawlCommandTest.Run bad = check("--accept", "200..abc", site.url("/"));
            assertEquals(2, bad.exit());
            assertTrue(bad.err().contains("'200..abc' is not a status (100 to 999) or a range"), bad.err());
        }
    }

    @Test
    void remappedLinksAreCheckedOnTheLocalServer() {
        try (TestSite site = TestSite.builder()
                .page("/", "<a href='https://docs.example.com/guide/a.html'>a</a>"
                        + "<a href='https://docs.example.com/guide/gone.html'>g</a>")
                .page("/guide/a.html", "<a href='https://docs.example.com/'>home</a>").start()) {
            CrawlCommandTest.Run r = check("--remap", "https://docs.example.com/ " + site.url("/"), site.url("/"));
            assertEquals(1, r.exit(), r.out() + r.err());
            assertEquals("404 " + site.url("/guide/gone.html") + ", linked from " + site.url("/") + "\n"
                    + "1 broken link to 1 target on 1 page (3 URLs checked in 0.0 s).\n", seconds(r.out()));
            assertEquals(1, site.requestCount("/guide/a.html")); // remapped into the site: crawled, once
            assertEquals(1, site.requestCount("/"));

            CrawlCommandTest.Run bad = check("--remap", "https://docs.example.com/", site.url("/"));
            assertEquals(2, bad.exit());
            assertTrue(bad.err().contains("remap takes \"FROM TO\""), bad.err());
        }
    }

    @Test
    void hostsThatDoNotResolveFailEachLinkWithoutRetries() throws IOException {
        StringBuilder links = new StringBuilder();
        for (int h = 0; h < 30; h++) {
            for (int i = 0; i < 3; i++) links.append("<a href='http://h").append(h).append(".nosuch.invalid/p")
                    .append(i).append("'>x</a>");
        }
        try (TestSite site = TestSite.builder().page("/", links.toString()).start()) {
            // the defaults a user has: two tries, backoff of 0.5 s and more
            CrawlCommandTest.Run r = check("--format", "json", site.url("/"));
            assertEquals(1, r.exit(), r.out() + r.err());
            Map<String, Object> report = json(r.out());
            assertEquals(91L, report.get("checked"));
            // each link once, though a link's failure may come before the page's own record
            assertEquals(90L, report.get("broken_links"));
            List<Object> broken = list(report.get("broken"));
            assertEquals(90, broken.size());
            for (Object b : broken) assertEquals("dns", map(b).get("error"), b.toString());
        }
    }

    @Test
    void aHostAnswering429IsAskedAgainAfterItsRetryAfter() {
        Route busyThenFine = Route.Sequence.of(
                new Route.Respond(429, Map.of("Retry-After", "1", "Content-Type", "text/plain"), new byte[0]),
                Route.Respond.html("fine"));
        try (TestSite other = TestSite.builder().route("/busy", busyThenFine).start();
             TestSite site = TestSite.builder().page("/", "<a href=/busy>b</a><a href='"
                     + other.url("other.test", "/busy") + "'>o</a>").route("/busy", busyThenFine).start()) {
            CrawlCommandTest.Run r = check("--allow-private", "--resolve", "other.test:" + other.port()
                    + ":127.0.0.1", site.url("/"));
            assertEquals(0, r.exit(), r.out() + r.err());
            for (TestSite s : List.of(site, other)) {
                List<Long> starts = s.requests().stream().filter(q -> q.target().equals("/busy"))
                        .map(q -> q.startNanos()).toList();
                assertEquals(2, starts.size(), s.requests().toString());
                assertTrue(starts.get(1) - starts.get(0) >= Duration.ofMillis(900).toNanos(),
                        "asked again " + (starts.get(1) - starts.get(0)) / 1_000_000 + " ms later");
            }
        }
    }

    @Test
    void aLinkThatDoesNotAnswerWithinTheTimeoutIsBroken() {
        try (TestSite slow = TestSite.builder().route("/late", new Route.Delay(Duration.ofSeconds(30),
                Route.Respond.html("late"))).start();
             TestSite site = TestSite.builder().page("/", "<a href='" + slow.url("slow.test", "/late") + "'>l</a>")
                     .start()) {
            CrawlCommandTest.Run r = check("--timeout", "1s", "--allow-private", "--resolve", "slow.test:"
                    + slow.port() + ":127.0.0.1", site.url("/"));
            assertEquals(1, r.exit(), r.out() + r.err());
            assertTrue(r.out().startsWith("timeout " + slow.url("slow.test", "/late") + ", linked from "), r.out());
            assertEquals(1, slow.arrivals()); // a site that never answered is not asked again
        }
    }

    @Test
    void fragmentsAreCheckedAgainstIdsAndAnchorNamesWithoutFetchingAPageTwice() {
        try (TestSite site = TestSite.builder()
                .page("/", "<a href='/a#sec'>1</a><a href='/a#nope'>2</a><a href='/a#caf%C3%A9'>3</a>"
                        + "<a href='/a#old'>4</a><a href='/a#top'>5</a><a href='#self'>6</a><a href='#gone'>7</a>"
                        + "<a href='/doc.txt#x'>8</a><a href=/a>9</a><p id=self>")
                .page("/a", "<h2 id=sec>S</h2><h2 id='café'>C</h2><a name=old></a><a href='/#self'>back</a>"
                        + "<a href='/#missing'>m</a>")
                .resource("/doc.txt", "text/plain", "text".getBytes(StandardCharsets.UTF_8)).start()) {
            CrawlCommandTest.Run without = check(site.url("/"));
            assertEquals(0, without.exit(), without.out() + without.err());

            CrawlCommandTest.Run r = check("--check-fragments", site.url("/"));
            assertEquals(1, r.exit(), r.out() + r.err());
            assertEquals("missing-fragment " + site.url("/#gone") + ", linked from " + site.url("/") + "\n"
                    + "missing-fragment " + site.url("/#missing") + ", linked from " + site.url("/a") + "\n"
                    + "missing-fragment " + site.url("/a#nope") + ", linked from " + site.url("/") + "\n"
                    + "3 broken links to 3 targets on 2 pages (3 URLs checked in 0.0 s).\n", seconds(r.out()));
            assertEquals(2, site.requestCount("/a")); // once a check: the fragments need no fetch of their own
        }
    }

    @Test
    void jsonJunitAndMarkdownReportsForCi(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("index.html"), "<a href=a.html>a</a><a href=gone.html>g</a>");
        Files.writeString(dir.resolve("a.html"), "<a href=gone.html>g</a><a href='x|y.html'>p</a>");
        CrawlCommandTest.Run json = check("--format", "json", dir.toString());
        assertEquals(1, json.exit(), json.out() + json.err());
        Map<String, Object> report = json(json.out());
        assertEquals(true, report.get("complete"));
        assertEquals(4L, report.get("checked"));
        assertEquals(3L, report.get("broken_links"));
        // snake_case, as the records' keys are
        assertEquals(List.of("complete", "checked", "not_checked", "from_cache", "seconds", "broken_links",
                "broken_targets", "pages_with_broken_links", "broken"), List.copyOf(report.keySet()));
        List<Object> broken = list(report.get("broken"));
        assertEquals(2, broken.size());
        Map<String, Object> gone = map(broken.getFirst());
        assertEquals(List.of("target", "status", "pages", "linked_from"), List.copyOf(gone.keySet()));
        assertEquals("gone.html", gone.get("target"));
        assertEquals(404L, gone.get("status"));
        assertEquals(List.of("a.html", "index.html"), gone.get("linked_from"));

        CrawlCommandTest.Run junit = check("--format", "JUnit", dir.toString());
        assertEquals(1, junit.exit(), junit.out() + junit.err());
        Document xml = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(junit.out().getBytes(StandardCharsets.UTF_8)));
        NodeList cases = xml.getElementsByTagName("testcase");
        assertEquals(2, cases.getLength());
        assertEquals("gone.html", ((Element) cases.item(0)).getAttribute("name"));
        Element failure = (Element) ((Element) cases.item(0)).getElementsByTagName("failure").item(0);
        assertEquals("404, linked from 2 pages", failure.getAttribute("message"));
        assertEquals("2", xml.getDocumentElement().getAttribute("failures"));

        CrawlCommandTest.Run md = check("--format", "markdown", dir.toString());
        assertEquals(1, md.exit(), md.out() + md.err());
        assertTrue(md.out().startsWith("### Broken links\n\n3 broken links to 2 targets on 2 pages ("), md.out());
        assertTrue(md.out().contains("| 404 | `gone.html` | 2 pages: `a.html`, `index.html` |\n"), md.out());
        assertTrue(md.out().contains("| 404 | `x%7Cy.html` | `a.html` |\n"), md.out());

        Files.writeString(dir.resolve("a.html"), "fine");
        Files.writeString(dir.resolve("index.html"), "<a href=a.html>a</a>");
        CrawlCommandTest.Run clean = check("--format", "junit", dir.toString());
        assertEquals(0, clean.exit(), clean.out() + clean.err());
        assertTrue(clean.out().contains("tests=\"1\" failures=\"0\" errors=\"0\""), clean.out());
        CrawlCommandTest.Run bad = check("--format", "xml", dir.toString());
        assertEquals(2, bad.exit());
        assertTrue(bad.err().contains("'xml' is not text, json, junit, markdown or github"), bad.err());
    }

    @Test
    void theCacheSkipsLinksThatAnsweredFineAndChecksBrokenOnesAgain(@TempDir Path dir) throws Exception {
        try (TestSite other = TestSite.builder().page("/fine", "fine").redirect("/moved", 301, "/fine").start();
             TestSite site = TestSite.builder().page("/", "<a href='" + other.url("other.test", "/fine") + "'>f</a>"
                     + "<a href='" + other.url("other.test", "/gone") + "'>g</a>"
                     + "<a href='" + other.url("other.test", "/moved") + "'>m</a>").start()) {
            Path cache = dir.resolve("links.cache");
            String[] args = {"--cache", cache.toString(), "--allow-private", "--resolve",
                    "other.test:" + other.port() + ":127.0.0.1"};
            CrawlCommandTest.Run first = check(concat(args, site.url("/")));
            assertEquals(1, first.exit(), first.out() + first.err());
            List<String> lines = Files.readAllLines(cache);
            assertEquals(CheckCache.HEADER, lines.getFirst());
            assertEquals(1, lines.size() - 1, lines.toString()); // /fine only: not the broken one, not the redirect
            assertTrue(lines.get(1).endsWith("\t" + other.url("other.test", "/fine")), lines.toString());
            long fineBefore = other.requestCount("/fine");
            long goneBefore = other.requestCount("/gone");

            CrawlCommandTest.Run second = check(concat(args, site.url("/")));
            assertEquals(1, second.exit(), second.out() + second.err());
            assertTrue(second.out().contains("404 " + other.url("other.test", "/gone")), second.out());
            assertTrue(second.out().contains("; 1 fine in the cache, not checked again"), second.out());
            assertEquals(fineBefore + 1, other.requestCount("/fine")); // through /moved's redirect only
            assertTrue(other.requestCount("/gone") > goneBefore);

            CrawlCommandTest.Run expired = check(concat(args, "--max-cache-age", "0s", site.url("/")));
            assertEquals(1, expired.exit(), expired.out() + expired.err());
            assertFalse(expired.out().contains("in the cache"), expired.out());
            assertEquals(fineBefore + 2, other.requestCount("/fine"));

            Path notACache = dir.resolve("notes.txt");
            Files.writeString(notACache, "my notes\n");
            CrawlCommandTest.Run refused = check("--cache", notACache.toString(), site.url("/"));
            assertEquals(3, refused.exit(), refused.out() + refused.err());
            assertTrue(refused.err().contains("is not a loomcrawl check cache"), refused.err());
            assertEquals("my notes\n", Files.readString(notACache));
        }
    }

    @Test
    void onATerminalALiveProgressLineShowsWhileTheCheckRuns(@TempDir Path dir) throws Exception {
        TestSite.Builder b = TestSite.builder();
        StringBuilder links = new StringBuilder();
        for (int i = 0; i < 4; i++) {
            b.route("/slow" + i, new Route.Delay(Duration.ofMillis(1500), Route.Respond.html("slow")));
            links.append("<a href=/slow").append(i).append(">s</a>");
        }
        try (TestSite site = b.page("/", links.toString()).start()) {
            LoomcrawlProcess p = LoomcrawlProcess.startOnTerminal(dir, 80, "check", site.url("/"));
            assertEquals(0, p.exit(60), p.stdout() + p.stderr());
            String terminal = p.stdout();
            assertTrue(terminal.contains(" done, ") && terminal.contains("\r"), terminal);
            assertTrue(terminal.contains("No broken links (5 URLs checked in "), terminal);
        }
    }

    private static String[] concat(String[] first, String... more) {
        List<String> all = new ArrayList<>(List.of(first));
        all.addAll(List.of(more));
        return all.toArray(String[]::new);
    }

    // A small JSON reader: objects as maps, arrays as lists, numbers as Long or Double.

    static Map<String, Object> json(String text) throws IOException {
        try (JsonParser p = new JsonFactory().createParser(text)) {
            p.nextToken();
            return map(value(p));
        }
    }

    private static Object value(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        switch (t) {
            case START_OBJECT -> {
                Map<String, Object> m = new LinkedHashMap<>();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    p.nextToken();
                    m.put(name, value(p));
                }
                return m;
            }
            case START_ARRAY -> {
                List<Object> l = new ArrayList<>();
                while (p.nextToken() != JsonToken.END_ARRAY) l.add(value(p));
                return l;
            }
            case VALUE_STRING -> { return p.getText(); }
            case VALUE_NUMBER_INT -> { return p.getLongValue(); }
            case VALUE_NUMBER_FLOAT -> { return p.getDoubleValue(); }
            case VALUE_TRUE, VALUE_FALSE -> { return p.getBooleanValue(); }
            default -> { return null; }
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object o) {
        return (Map<String, Object>) o;
    }

    @SuppressWarnings("unchecked")
    private static List<Object> list(Object o) {
        return (List<Object>) o;
    }
}
