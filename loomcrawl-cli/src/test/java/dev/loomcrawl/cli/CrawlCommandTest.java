package dev.loomcrawl.cli;

import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.PrintWriter;
import java.io.StringWriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The command line, run in-process against a real test site. */
class CrawlCommandTest {
    record Run(int exit, String out, String err) {}

    static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Run(exit, out.toString(), err.toString());
    }

    @Test
    void crawlPrintsTheSeedsReport() {
        try (TestSite site = TestSite.builder()
                .page("/", "<a href=/a>a</a><a href=/old>o</a>")
                .page("/a", "a")
                .redirect("/old", 301, "/a").start()) {
            Run r = run("crawl", "--max-tasks", "5", site.url("/"));
            assertEquals(0, r.exit(), r.err());
            String[] lines = r.out().split("\n");
            assertEquals("*** Report ***", lines[0]);
            assertEquals(site.url("/") + " 200 text/html utf-8 34 2/2", lines[1]);
            assertEquals(site.url("/a") + " 200 text/html utf-8 1 0/0", lines[2]);
            assertEquals(site.url("/old") + " 301 redirect " + site.url("/a"), lines[3]);
            assertTrue(lines[4].startsWith("Finished 3 urls in "), lines[4]);
            assertTrue(lines[4].endsWith("urls/sec/task)") && lines[4].contains("(max_tasks=5)"), lines[4]);
            assertTrue(r.out().contains("Todo: 0\nDone: 3\nDate: "));
        }
    }

    @Test
    void maxPagesCountsTheSitesPagesNotItsSitemap() {
        StringBuilder home = new StringBuilder();
        TestSite.Builder b = TestSite.builder();
        for (int i = 0; i < 8; i++) {
            home.append("<a href=/p").append(i).append(">").append(i).append("</a>");
            b.page("/p" + i, "page " + i);
        }
        try (TestSite site = b.page("/", home.toString()).resource("/sitemap.xml", "application/xml",
                ("<?xml version=\"1.0\"?><urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\"><url><loc>"
                        + "/p7</loc></url></urlset>").getBytes(java.nio.charset.StandardCharsets.UTF_8)).start()) {
            Run r = run("crawl", "--sitemaps", "--max-pages", "4", "--max-tasks", "1", site.url("/"));
            assertEquals(0, r.exit(), r.err());
            assertEquals(1, site.requestCount("/sitemap.xml"), r.out());
            long pages = r.out().lines().filter(l -> l.startsWith(site.url("/")) && !l.contains("sitemap.xml"))
                    .count();
            assertEquals(4, pages, "four pages, the sitemap besides them: " + r.out());
        }
    }

    @Test
    void seedSpellingsOfOptionsAndRootsWithoutSchemeWork() {
        try (TestSite site = TestSite.builder().page("/", "<a href=/a>a</a>").redirect("/a", 302, "/b").start()) {
            Run r = run("crawl", "--max_tasks", "3", "--max_redirect", "0", "--max_tries", "1", "--lenient",
                    "127.0.0.1:" + site.port() + "/");
            assertEquals(0, r.exit(), r.err());
            assertTrue(r.out().contains("(max_tasks=3)"));
            assertEquals(0, site.requestCount("/b")); // --max_redirect 0: the redirect is recorded, not followed
        }
    }

    @Test
    void anUnreachableRootIsAReportLineNotAStackTrace() throws Exception {
        int port = TestSite.closedPort();
        Run r = run("crawl", "--max-tries", "1", "-q", "http://127.0.0.1:" + port + "/");
        assertEquals(3, r.exit()); // no root produced a successful response
        assertTrue(r.out().contains("http://127.0.0.1:" + port + "/ error refused: "), r.out());
        assertTrue(r.out().contains("fail_refused"));
        assertFalse(r.err().contains("\tat "), r.err());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "--bogus                      | Unknown option: '--bogus'",
            "--max-tasks abc              | Invalid value for option '--max-tasks': 'abc' is not a whole number",
            "--max-tasks 0                | --max-tasks must be between 1 and 100000, got 0",
            "--max-tries 0                | --max-tries must be 1 or more, got 0",
            "--exclude [                  | --exclude is not a valid regular expression: [",
            "--scope nope                 | 'nope' is not one of host, domain, prefix",
            "--fetch-timeout soon         | 'soon' is not a duration",
            "--max-body lots              | 'lots' is not a size",
            "--resolve example.com:80     | --resolve must be HOST:PORT:ADDRESS, got example.com:80",
            "--strict --lenient           | --strict, --lenient are mutually exclusive",
            "--per-host 0                 | --per-host must be 1 or more, got 0",
            "--delay -1s                  | '-1s' is not a duration",
            "--max-depth -2               | --max-depth must be -1 (no limit) or at least 0, got -2",
            "--max-pages 0                | --max-pages must be -1 (no limit) or at least 1, got 0",
            "--max-pages-per-host 0       | --max-pages-per-host must be -1 (no limit) or at least 1, got 0",
            "--max-url-length 8           | --max-url-length must be -1 (no limit) or at least 16, got 8",
            "--max-time 0s                | --max-time must be a positive duration",
            "--header NoColon             | --header must be 'Name: value', got NoColon",
            "--item xpath://*[             | not a valid xpath selector: 'xpath://*['",
            "--field title                | --field must be NAME=SELECTOR, got 'title'",
            "--follow div[                | not a valid css selector: 'div['",
            "--max-query-length -2        | --max-query-length must be -1 (no limit) or at least 0, got -2",
            "--max-segment-repeats 0      | --max-segment-repeats must be -1 (no limit) or at least 1, got 0",
            "--max-urls-per-shape 0       | --max-urls-per-shape must be -1 (no limit) or at least 1, got 0",
            "--max-links-per-page 0       | --max-links-per-page must be -1 (no limit) or at least 1, got 0",
    })
    void aBadFlagOrValueIsOneLineNamingItThenWhereTheHelpIsAndExit2(String flags, String message) {
        String[] args = (flags.trim() + " http://example.com/").split(" ");
        String[] full = new String[args.length + 1];
        full[0] = "crawl";
        System.arraycopy(args, 0, full, 1, args.length);
        Run r = run(full);
        assertEquals(2, r.exit());
        String first = r.err().lines().findFirst().orElse("");
        assertTrue(first.contains(message), first);
        assertEquals(first + "\nSee 'loomcrawl crawl --help' for its options.\n", r.err()); // not the 34-line usage
        assertFalse(r.err().contains("\tat "));
    }

    @Test
    void politenessAndLimitOptionsReachTheCrawl() {
        try (TestSite site = TestSite.builder().robots("User-agent: *\nDisallow: /no\n")
                .page("/", "<a href=/a>a</a><a href=/no>n</a>").page("/a", "<a href=/b>b</a>").page("/b", "b")
                .start()) {
            Run r = run("crawl", "--max-depth", "1", "--per-host", "1", "--delay", "10ms", "-H", "X-Test: yes",
                    site.url("/"));
            assertEquals(0, r.exit(), r.err());
            assertTrue(r.out().contains(site.url("/no") + " skipped robots"), r.out());
            assertTrue(r.out().contains("         1 dropped_max-depth"), r.out());
            assertTrue(r.out().contains("         1 skip_robots"), r.out());
            assertEquals("yes", site.requests().getLast().header("x-test"));
            Run ignoring = run("crawl", "--ignore-robots", "--max-pages", "2", site.url("/"));
            assertTrue(ignoring.out().contains("Done: 2"), ignoring.out());
            Run unlimited = run("crawl", "--ignore-robots", "--max-pages", "-1", "--max-depth", "-1",
                    "--max-pages-per-host", "-1", "--max-url-length", "-1", site.url("/"));
            assertEquals(0, unlimited.exit(), unlimited.err()); // -1 is no limit, as for the trap guards
            assertTrue(unlimited.out().contains("Done: 4"), unlimited.out());
        }
    }

    @Test
    void trapGuardAndRobotsDirectiveOptionsReachTheCrawl() {
        try (TestSite site = TestSite.builder()
                .page("/", "<meta name=robots content=nofollow><a href='/a?x=1&amp;x=2'>a</a><a href=/b>b</a>")
                .page("/a", "a").page("/b", "b").start()) {
            Run obeying = run("crawl", "--no-progress", site.url("/"));
            assertEquals(0, obeying.exit(), obeying.err());
            assertTrue(obeying.out().contains("         2 unfollowed_nofollow"), obeying.out());
            assertEquals(0, site.requestCount("/b"));
            Run ignoring = run("crawl", "--no-progress", "--ignore-robots-directives", "--max-parameter-repeats", "1",
                    site.url("/"));
            assertEquals(0, ignoring.exit(), ignoring.err());
            assertTrue(ignoring.out().contains("         1 dropped_trap-repeated-parameter"), ignoring.out());
            assertEquals(1, site.requestCount("/b"));
            assertEquals(0, site.requestCount("/a?x=1&x=2"));
        }
    }

    @Test
    void theTop250CommandWritesEveryItemInPageOrder(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        try (TestSite site = TestSite.builder().pages(dev.loomcrawl.testkit.Top250.pages()).start()) {
            java.nio.file.Path csv = dir.resolve("films.csv");
            Run r = run("crawl", site.url("/top250?start=0"), "-q", "--no-progress",
                    "--item", "xpath://*[@id=\"content\"]/div/div[1]/ol/li",
                    "--field", "title=xpath:.//span[@class=\"title\"]", "--field", "rating=.rating_num",
                    "--follow", "div.paginator a", "--items", csv.toString(), "--html-report",
                    dir.resolve("r.html").toString());
            assertEquals(0, r.exit(), r.err());
            java.util.List<String> lines = java.nio.file.Files.readAllLines(csv);
            assertEquals("page,index,title,rating", lines.getFirst());
            assertEquals(251, lines.size());
            assertTrue(lines.contains(site.url("/top250?start=0") + ",0,Film Number 1," + dev.loomcrawl.testkit.Top250.rating(1)),
                    lines.get(1));
            assertTrue(r.out().contains("Done: 10\n"), r.out()); // only the ten list pages
            assertTrue(r.out().endsWith(" local time\nItems: 250\n"), r.out());
            org.jsoup.nodes.Document html = org.jsoup.Jsoup.parse(dir.resolve("r.html").toFile());
            assertTrue(html.select(".card").stream().anyMatch(c -> c.text().equals("250 items")), html.select(".card")
                    .toString()); // the HTML report's summary says it too
            Run jsonl = run("crawl", site.url("/top250?start=0"), "-q", "--no-progress", "--item", "ol > li",
                    "--field", "title=span.title", "--field", "year=.year", "--follow", "div.paginator", "--items", "-");
            long items = jsonl.out().lines().filter(l -> l.startsWith("{")).count();
            assertEquals(250, items);
            assertTrue(jsonl.out().contains("\"title\":\"Film Number 250\",\"year\":null}"), jsonl.out());
        }
    }

    @Test
    void aBadRootIsAUsageError() {
        Run r = run("crawl", "http://exa mple.com/");
        assertEquals(2, r.exit());
        assertEquals("loomcrawl: not a valid http(s) root URL: http://exa mple.com/\n", r.err());
        assertEquals(2, run("crawl").exit());
        assertEquals(2, run().exit());
    }

    @Test
    void helpShowsOptionsAndExamples() {
        Run r = run("crawl", "--help");
        assertEquals(0, r.exit());
        for (String s : new String[] {"--max-tasks", "--max-redirect", "--max-tries", "--exclude", "--lenient",
                "--scope", "Examples:", "Ctrl-C"}) {
            assertTrue(r.out().contains(s), s);
        }
        assertEquals(0, run("--version").exit());
    }
}
