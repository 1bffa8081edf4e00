package dev.loomcrawl.cli;

import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** loomcrawl check: broken links by page, exit codes, directories checked offline. */
class CheckCommandTest {

    static CrawlCommandTest.Run check(String... args) {
        String[] full = new String[args.length + 1];
        full[0] = "check";
        System.arraycopy(args, 0, full, 1, args.length);
        return CrawlCommandTest.run(full);
    }

    /** The report with its time taken ("in 1.3 s") as "in 0.0 s". */
    static String seconds(String out) {
        return out.replaceAll("in \\d+\\.\\d s", "in 0.0 s");
    }

    private static void write(Path file, String html) throws Exception {
        Files.createDirectories(file.getParent());
        Files.writeString(file, html);
    }

    @Test
    void aDirectoryWithPlantedBrokenLinksListsEachWithItsPagesAndExits1(@TempDir Path site) throws Exception {
        write(site.resolve("index.html"), "<a href=a.html>a</a><a href=missing.html>m</a><img src=img/logo.png>"
                + "<a href=sub/page.html>s</a><a href='http://example.com/'>external, not checked offline</a>");
        write(site.resolve("a.html"), "<a href=index.html#top>home</a><a href=missing.html>m</a>");
        write(site.resolve("sub/page.html"), "<a href=../nope.html>n</a><a href='../a.html'>a</a>");
        CrawlCommandTest.Run r = check(site.toString());
        assertEquals(1, r.exit(), r.out() + r.err());
        assertEquals("""
                404 missing.html, linked from 2 pages: a.html, index.html
                404 img/logo.png, linked from index.html
                404 nope.html, linked from sub/page.html
                4 broken links to 3 targets on 3 pages (6 URLs checked in 0.0 s).
                """, seconds(r.out()));
    }

    @Test
    void aCleanDirectoryExits0(@TempDir Path site) throws Exception {
        write(site.resolve("index.html"), "<a href=a.html>a</a>");
        write(site.resolve("a.html"), "<a href=./>home</a>");
        CrawlCommandTest.Run r = check(site.toString());
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().startsWith("No broken links ("), r.out());
    }

    @Test
    void linksLeavingASiteAreCheckedButNotCrawled() {
        try (TestSite other = TestSite.builder().page("/fine", "<a href=/deeper>d</a>").start();
             TestSite site = TestSite.builder()
                     .page("/", "<a href=/in>in</a><a href='" + other.url("other.test", "/fine") + "'>f</a>"
                             + "<a href='" + other.url("other.test", "/gone") + "'>g</a>")
                     .page("/in", "<a href=/in-missing>x</a>").start()) {
            // two servers on this machine stand for two sites: the second is another loopback origin
            CrawlCommandTest.Run r = check("--allow-private", "--resolve", "other.test:" + other.port() + ":127.0.0.1",
                    site.url("/"));
            assertEquals(1, r.exit(), r.out() + r.err());
            assertEquals("404 " + site.url("/in-missing") + ", linked from " + site.url("/in") + "\n"
                    + "404 " + other.url("other.test", "/gone") + ", linked from " + site.url("/") + "\n"
                    + "2 broken links to 2 targets on 2 pages (5 URLs checked in 0.0 s).\n", seconds(r.out()));
            assertEquals(1, other.requestCount("/fine"));
            assertEquals(0, other.requestCount("/deeper")); // checked, not crawled
        }
    }

    @Test
    void aDirectoryCheckFetchesNoOtherServerOnThisMachine(@TempDir Path site) throws Exception {
        try (TestSite service = TestSite.builder().page("/admin/delete", "<a href=/admin/more>more</a>")
                .page("/", "<a href=/admin/delete>d</a>").start()) {
            write(site.resolve("index.html"), "<a href='" + service.url("/admin/delete?all=1") + "'>x</a>"
                    + "<a href='http://localhost:" + service.port() + "/'>y</a><a href=a.html>a</a>");
            write(site.resolve("a.html"), "fine");
            CrawlCommandTest.Run r = check(site.toString());
            assertEquals(0, r.exit(), r.out() + r.err());
            assertEquals("No broken links (2 URLs checked in 0.0 s).\n", seconds(r.out()));
            CrawlCommandTest.Run allowed = check("--allow-private", site.toString()); // a directory stays offline
            assertEquals(0, allowed.exit(), allowed.out() + allowed.err());
            assertEquals(0, service.arrivals());
        }
    }

    @Test
    void aLocalSitesLinksToOtherLocalServersAreNotCheckedUnlessAllowed() {
        try (TestSite other = TestSite.builder().page("/x", "<a href=/deeper>d</a>").start();
             TestSite site = TestSite.builder().page("/", "<a href='" + other.url("/x") + "'>o</a>"
                     + "<a href='http://localhost:" + other.port() + "/y'>l</a><a href=/in>in</a>")
                     .page("/in", "in").start()) {
            CrawlCommandTest.Run r = check(site.url("/"));
            assertEquals(0, r.exit(), r.out() + r.err());
            assertEquals("No broken links (2 URLs checked in 0.0 s; 2 not checked: local or private addresses, "
                    + "which --allow-private checks).\n", seconds(r.out()));
            assertEquals(0, other.arrivals());
            CrawlCommandTest.Run allowed = check("--allow-private", site.url("/"));
            assertEquals(1, allowed.exit(), allowed.out() + allowed.err()); // /y and /deeper are missing
            assertEquals(1, other.requestCount("/x"));
        }
    }

    @Test
    void aLinkToAPublicNamePinnedToAnIpv6FormOfLoopbackIsNotChecked() {
        try (TestSite site = TestSite.builder().page("/", "<a href='http://nat64.example.com:1/a'>n</a>"
                + "<a href='http://sixtofour.example.com:1/b'>s</a><a href='http://compat.example.com:1/c'>c</a>"
                + "<a href='http://teredo.example.com:1/d'>t</a>").start()) {
            CrawlCommandTest.Run r = check("--max-tries", "1", "--resolve", "nat64.example.com:1:64:ff9b::7f00:1",
                    "--resolve", "sixtofour.example.com:1:[2002:c0a8:101::1]", "--resolve",
                    "compat.example.com:1:::127.0.0.1", "--resolve",
                    "teredo.example.com:1:2001:0:4136:e378:8000:63bf:80ff:fffe", site.url("/"));
            assertEquals(0, r.exit(), r.out() + r.err());
            assertEquals("No broken links (1 URL checked in 0.0 s; 4 not checked: local or private addresses, "
                    + "which --allow-private checks).\n", seconds(r.out()));
        }
    }

    @Test
    void anUnreachableSiteMeansTheCheckFailedExit3() throws Exception {
        int port = TestSite.closedPort();
        CrawlCommandTest.Run r = check("--max-tries", "1", "http://127.0.0.1:" + port + "/");
        assertEquals(3, r.exit());
        assertEquals("loomcrawl: check failed: root http://127.0.0.1:" + port + "/ failed: connection refused (is a "
                + "server listening there?)\n", r.err()); // as crawl says it
        CrawlCommandTest.Run crawl = CrawlCommandTest.run("crawl", "-q", "--max-tries", "1", "http://127.0.0.1:" + port
                + "/");
        assertEquals(3, crawl.exit());
        assertEquals("loomcrawl: root http://127.0.0.1:" + port + "/ failed: connection refused (is a server "
                + "listening there?)\n", crawl.err());
        assertFalse(r.err().contains("\tat "));
    }

    @Test
    void usageErrorsExit2(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("f.txt");
        Files.writeString(file, "x");
        assertEquals(2, check(file.toString()).exit());
        assertEquals(2, check().exit());
        assertEquals(2, check("--max-tasks", "0", "http://example.com/").exit());
    }
}
