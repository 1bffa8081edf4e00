package dev.loomcrawl.cli;

import dev.loomcrawl.testkit.Await;
import dev.loomcrawl.testkit.Route;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcResponse;
import org.netpreserve.jwarc.WarcRevisit;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;

import static dev.loomcrawl.cli.CrawlCommandTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code loomcrawl recrawl}: a new pass of a state file's crawl, and {@code report --pass/--changes} on it. */
class RecrawlCommandTest {
    @TempDir
    Path tmp;

    private final Map<String, Route> pages = new ConcurrentHashMap<>();

    private static Route.Respond html(String body) {
        return Route.Respond.html("<html><body>" + body + "</body></html>");
    }

    @Test
    void aSecondPassAppendsToTheOutputsAndTheReportSaysWhatChanged() throws Exception {
        pages.put("/", html("<a href=/same>s</a> <a href=/etag>e</a> <a href=/edited>x</a> <a href=/removed>r</a>"));
        pages.put("/same", html("same"));
        pages.put("/etag", new Route.Validated("\"1\"", null, html("etag")));
        pages.put("/edited", html("before"));
        pages.put("/removed", html("here"));
        try (TestSite site = TestSite.builder().generated(pages::get).start()) {
            String state = tmp.resolve("crawl.db").toString();
            Path records = tmp.resolve("records.jsonl");
            Path report = tmp.resolve("report.html");
            CrawlCommandTest.Run first = run("crawl", "-q", "--state", state, "--output", records.toString(),
                    "--html-report", report.toString(), site.url("/"));
            assertEquals(0, first.exit(), first.err());
            pages.put("/", html("<a href=/same>s</a> <a href=/etag>e</a> <a href=/edited>x</a> <a href=/new>n</a>"));
            pages.put("/edited", html("after"));
            pages.put("/new", html("new"));

            CrawlCommandTest.Run second = run("recrawl", "-q", state);
            assertEquals(0, second.exit(), second.err());
            assertTrue(second.out().contains("Todo: 0\nDone: 6\n"), second.out());
            // the report ends with what the pass found, as 'report --changes' counts it
            assertTrue(second.out().endsWith(" local time\nPass 2: 1 new, 2 changed, 0 template-changed, 1 unchanged, "
                    + "1 not-modified, 1 gone, 0 failed, 0 not-revisited\n"), second.out());
            assertTrue(Files.readString(report).contains("Changes since the last pass"), "the HTML report charts them");
            List<String> lines = Files.readAllLines(records);
            assertEquals(5 + 6, lines.size(), "the first pass's five lines, then the second's six");
            assertTrue(lines.get(5 + 1).contains("\"change\""), lines.get(6));
            assertEquals(1, lines.stream().filter(l -> l.contains("/etag\"") && l.contains("\"not-modified\"")).count());

            CrawlCommandTest.Run changes = run("report", "--changes", state);
            assertEquals(0, changes.exit(), changes.err());
            assertEquals(List.of("changed " + site.url("/"), "changed " + site.url("/edited"),
                    "not-modified " + site.url("/etag"), "new " + site.url("/new"), "gone " + site.url("/removed"),
                    "unchanged " + site.url("/same"),
                    "Pass 2: 1 new, 2 changed, 0 template-changed, 1 unchanged, 1 not-modified, 1 gone, 0 failed, 0 not-revisited"),
                    changes.out().lines().toList(), "/removed still answers, but nothing links to it");

            CrawlCommandTest.Run jsonl = run("report", "--changes", "--format", "jsonl", state);
            assertTrue(jsonl.out().contains("{\"url\":\"" + site.url("/new") + "\",\"change\":\"new\"}\n"), jsonl.out());
            CrawlCommandTest.Run csv = run("report", "--changes", "--format", "csv", state);
            assertTrue(csv.out().startsWith("url,change\r\n") || csv.out().startsWith("url,change\n"), csv.out());
            assertTrue(csv.out().contains(site.url("/edited") + ",changed"), csv.out());
            Path html = tmp.resolve("changes.html");
            assertEquals(0, run("report", "--changes", "--format", "html", "-o", html.toString(), state).exit());
            String page = Files.readString(html);
            assertTrue(page.contains("<td id=\"count-gone\">1</td>") && page.contains(site.url("/removed")), page);

            CrawlCommandTest.Run pass1 = run("report", "--pass", "1", "--format", "jsonl", state);
            assertEquals(5, pass1.out().lines().count());
            assertTrue(pass1.out().lines().noneMatch(l -> l.contains("\"change\":\"")), "a first pass has no change");
            CrawlCommandTest.Run pass2 = run("report", "--pass", "2", state);
            assertTrue(pass2.out().contains("Done: 6\n"), pass2.out());
            CrawlCommandTest.Run none = run("report", "--pass", "3", state);
            assertEquals(2, none.exit());
            assertTrue(none.err().contains("--pass 3: " + state + " has passes 1 to 2"), none.err());
        }
    }

    private static Route.Respond article(String text, String footer) {
        return Route.Respond.html("<html><head><title>t</title></head><body><nav><a href=/>Home</a></nav><main><h1>"
                + "Title</h1><p>" + text + " This paragraph is long enough to be the page's main content, as an article"
                + " on a site is, with sentences that say something.</p><p>A second paragraph goes on with it.</p>"
                + "</main><footer>" + footer + "</footer></body></html>");
    }

    /**
     * A page whose bytes changed but whose main text did not is template-changed, from the pass after the one that
     * first made its content: a first crawl without a content output keeps no main text to compare with, so the
     * first re-crawl says changed and makes it; with --content, the first re-crawl can tell already.
     */
    @Test
    void aPageWhoseOnlyTemplateChangedIsTemplateChangedNotChanged() throws Exception {
        pages.put("/", html("<a href=/a>a</a> <a href=/b>b</a>"));
        pages.put("/a", article("Alpha.", "Footer 1"));
        pages.put("/b", article("Beta.", "Footer 1"));
        try (TestSite site = TestSite.builder().generated(pages::get).start()) {
            String state = tmp.resolve("crawl.db").toString();
            assertEquals(0, run("crawl", "-q", "--state", state, site.url("/")).exit());
            pages.put("/a", article("Alpha.", "Footer 2"));
            pages.put("/b", article("Beta, edited.", "Footer 2"));
            assertEquals(0, run("recrawl", "-q", state).exit());
            assertEquals(List.of("changed " + site.url("/a"), "changed " + site.url("/b")), changed(state),
                    "no main text was kept by the first crawl");
            pages.put("/a", article("Alpha.", "Footer 3"));
            pages.put("/b", article("Beta, edited again.", "Footer 3"));
            assertEquals(0, run("recrawl", "-q", state).exit());
            assertEquals(List.of("changed " + site.url("/b"), "template-changed " + site.url("/a")), changed(state));
            assertTrue(run("report", "--changes", state).out().contains(
                    "Pass 3: 0 new, 1 changed, 1 template-changed, 1 unchanged"));

            String withContent = tmp.resolve("content.db").toString();
            pages.put("/a", article("Alpha.", "Footer 4"));
            assertEquals(0, run("crawl", "-q", "--state", withContent, "--content", tmp.resolve("c.jsonl").toString(),
                    site.url("/")).exit());
            pages.put("/a", article("Alpha.", "Footer 5"));
            assertEquals(0, run("recrawl", "-q", withContent).exit());
            assertEquals(List.of("template-changed " + site.url("/a")), changed(withContent),
                    "the first crawl made the content for its output, and kept its main text");
        }
    }

    /** The lines of the last pass's change report that say changed or template-changed. */
    private static List<String> changed(String state) {
        CrawlCommandTest.Run changes = run("report", "--changes", state);
        assertEquals(0, changes.exit(), changes.err());
        return changes.out().lines().filter(l -> l.startsWith("changed ") || l.startsWith("template-changed "))
                .sorted().toList();
    }

    @Test
    void aSecondPassArchivesWhatDidNotChangeAsRevisitsOfTheFirstAndPackagesBothPasses() throws Exception {
        pages.put("/", new Route.Validated("\"home\"", null, html("<a href=/same>s</a> <a href=/etag>e</a> "
                + "<a href=/edited>x</a>")));
        pages.put("/same", html("same"));
        pages.put("/etag", new Route.Validated("\"1\"", null, html("etag")));
        pages.put("/edited", html("before"));
        try (TestSite site = TestSite.builder().generated(pages::get).start()) {
            String state = tmp.resolve("crawl.db").toString();
            Path warc = tmp.resolve("crawl");
            Path wacz = tmp.resolve("crawl.wacz");
            assertEquals(0, run("crawl", "-q", "--state", state, "--warc", warc.toString(), "--wacz", wacz.toString(),
                    site.url("/")).exit());
            Map<String, Instant> firstPass = new java.util.TreeMap<>();
            List<WarcRecord> written = records(tmp.resolve("crawl-00000.warc.gz"));
            for (WarcRecord r : written) {
                if (r instanceof WarcResponse resp) firstPass.put(resp.target(), resp.date());
            }
            pages.put("/edited", html("after"));
            CrawlCommandTest.Run second = run("recrawl", "-q", state);
            assertEquals(0, second.exit(), "a root not modified since the first pass succeeded: " + second.err());

            Map<String, WarcRecord> secondPass = new java.util.TreeMap<>();
            List<WarcRecord> all = records(tmp.resolve("crawl-00000.warc.gz")); // the second pass appends to it
            for (WarcRecord r : all.subList(written.size(), all.size())) {
                if (r instanceof WarcResponse || r instanceof WarcRevisit) {
                    secondPass.put(((org.netpreserve.jwarc.WarcTargetRecord) r).target(), r);
                }
            }
            WarcRevisit notModified = (WarcRevisit) secondPass.get(site.url("/etag"));
            assertEquals(WarcRevisit.SERVER_NOT_MODIFIED_1_1, notModified.profile());
            String block = lastRevisitBlock(tmp.resolve("crawl-00000.warc.gz"), site.url("/etag"));
            assertTrue(block.startsWith("HTTP/1.1 200 OK\r\n") && block.contains("content-type: text/html"),
                    "the stored response as the 304 updated it, so that it replays: " + block);
            assertEquals(site.url("/etag"), notModified.headers().first("WARC-Refers-To-Target-URI").orElseThrow());
            assertEquals(firstPass.get(site.url("/etag")),
                    Instant.parse(notModified.headers().first("WARC-Refers-To-Date").orElseThrow()));
            WarcRevisit same = (WarcRevisit) secondPass.get(site.url("/same"));
            assertEquals(WarcRevisit.IDENTICAL_PAYLOAD_DIGEST_1_1, same.profile());
            assertEquals(firstPass.get(site.url("/same")),
                    Instant.parse(same.headers().first("WARC-Refers-To-Date").orElseThrow()));
            assertTrue(secondPass.get(site.url("/edited")) instanceof WarcResponse, "a changed page in full");

            try (java.util.zip.ZipFile zip = new java.util.zip.ZipFile(wacz.toFile())) {
                assertTrue(zip.getEntry("archive/crawl-00000.warc.gz") != null, "the WACZ of the second pass");
                String index = new String(zip.getInputStream(zip.getEntry("indexes/index.cdxj")).readAllBytes());
                assertEquals(2, index.lines().filter(l -> l.contains("/etag")).count(), "both passes' captures");
                assertTrue(index.lines().anyMatch(l -> l.contains("/etag") && l.contains("warc/revisit")), index);
            }
        }
    }

    /** The state keeps every payload's first record, so a run or pass after it writes a revisit, not a copy. */
    @Test
    void aPayloadFirstArchivedInAnEarlierRunIsARevisitInALaterOne() throws Exception {
        pages.put("/", html("<a href=/a>a</a>"));
        pages.put("/a", html("one payload"));
        try (TestSite site = TestSite.builder().generated(pages::get).start()) {
            String state = tmp.resolve("crawl.db").toString();
            Path warc = tmp.resolve("crawl");
            assertEquals(0, run("crawl", "-q", "--state", state, "--warc", warc.toString(), "--max-pages", "2",
                    site.url("/")).exit());
            pages.put("/", html("<a href=/a>a</a> <a href=/b>b</a>"));
            pages.put("/b", html("one payload")); // the same bytes as /a, archived in the first pass
            assertEquals(0, run("recrawl", "-q", "--max-pages", "10", state).exit());
            WarcRevisit b = null;
            WarcResponse a = null;
            for (WarcRecord r : records(tmp.resolve("crawl-00000.warc.gz"))) {
                if (r instanceof WarcRevisit v && v.target().equals(site.url("/b"))) b = v;
                if (r instanceof WarcResponse resp && resp.target().equals(site.url("/a")) && a == null) a = resp;
            }
            assertTrue(b != null, "/b is a revisit");
            assertEquals(WarcRevisit.IDENTICAL_PAYLOAD_DIGEST_1_1, b.profile());
            assertEquals(site.url("/a"), b.refersToTargetURI().orElseThrow().toString(), "the first pass's /a");
            assertEquals(a.date(), b.refersToDate().orElseThrow());
            assertEquals(a.id(), b.refersTo().orElseThrow());
        }
    }

    private static String lastRevisitBlock(Path file, String target) throws Exception {
        String block = null;
        try (WarcReader reader = new WarcReader(file)) {
            for (WarcRecord r : reader) {
                if (r instanceof WarcRevisit v && v.target().equals(target)) {
                    block = new String(v.body().stream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
                }
            }
        }
        return block;
    }

    private static List<WarcRecord> records(Path file) throws Exception {
        List<WarcRecord> out = new java.util.ArrayList<>();
        try (WarcReader reader = new WarcReader(file)) {
            for (WarcRecord r : reader) out.add(r);
        }
        return out;
    }

    @Test
    void aRecrawlWithAMinimumAgeRevisitsNothingRecentAndRedisHasNoPasses() {
        pages.put("/", html("<a href=/a>a</a>"));
        pages.put("/a", html("a"));
        try (TestSite site = TestSite.builder().generated(pages::get).start()) {
            String state = tmp.resolve("crawl.db").toString();
            assertEquals(0, run("crawl", "-q", "--state", state, site.url("/")).exit());
            CrawlCommandTest.Run r = run("recrawl", "-q", "--min-age", "1d", state);
            assertEquals(0, r.exit(), r.err());
            assertEquals(1, site.requestCount("/a"));
            assertTrue(run("report", "--changes", state).out().contains("0 new, 0 changed, 0 template-changed, 0 unchanged, "
                    + "0 not-modified, 0 gone, 0 failed, 2 not-revisited"));
            CrawlCommandTest.Run redis = run("report", "--changes", "redis://127.0.0.1:1", "--crawl-id", "x");
            assertEquals(2, redis.exit());
            assertTrue(redis.err().contains("a shared crawl has one pass"), redis.err());
        }
    }

    @Test
    void aPassKilledWithSigkillIsFinishedByResumeFetchingEachPageOnceButWhatWasInFlight() throws Exception {
        int n = 3000;
        int maxTasks = 20;
        try (TestSite site = TestSite.builder().pages(TestSite.crossLinked(n, 4)).start()) {
            String state = tmp.resolve("crawl.db").toString();
            LoomcrawlProcess p = LoomcrawlProcess.start(tmp, "crawl", "-q", "--state", state, "--max-tasks",
                    "" + maxTasks, "--per-host", "20", site.url("/p0"));
            assertEquals(0, p.exit(120), p.stderr());
            int arrivedInFirstPass = site.arrivals();
            p = LoomcrawlProcess.start(tmp, "recrawl", "-q", "--max-tasks", "" + maxTasks, state);
            LoomcrawlProcess running = p;
            Await.until("half the pages fetched again at the site (or the process to end)",
                    () -> site.arrivals() >= arrivedInFirstPass + n / 2 || !running.process().isAlive());
            assertTrue(p.process().isAlive(), "killed halfway through the pass");
            p.process().destroyForcibly().waitFor();
            int arrivedBeforeResume = site.arrivals();
            p = LoomcrawlProcess.start(tmp, "resume", "-q", state);
            assertEquals(0, p.exit(120), p.stderr());
            assertTrue(site.arrivals() - arrivedBeforeResume >= n / 4, "resume did the rest of the pass");
            int[] fetches = site.fetchesPerCrossLinkedPage(n);
            assertTrue(IntStream.of(fetches).allMatch(f -> f >= 2), "every page fetched in both passes");
            long repeats = IntStream.of(fetches).sum() - 2L * n;
            // in flight at the kill: up to two visits a worker, the page it reads and the next one whose request is
            // on its way (docs/decisions/0047-the-next-request-before-the-page-is-read.md)
            assertTrue(repeats <= 2L * maxTasks, repeats + " fetched more than once in the second pass");
            CrawlCommandTest.Run changes = run("report", "--changes", state);
            assertTrue(changes.out().contains("Pass 2: 0 new, 0 changed, 0 template-changed, " + n + " unchanged"), changes.out());
            CrawlCommandTest.Run pass2 = run("report", "--pass", "2", "--format", "jsonl", state);
            assertEquals(n, pass2.out().lines().count(), "one record per URL in the pass");
        }
    }
}
