package dev.loomcrawl.cli;

import dev.loomcrawl.testkit.LoginSite;
import dev.loomcrawl.testkit.RecordedRequest;
import dev.loomcrawl.testkit.Route;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static dev.loomcrawl.cli.CrawlCommandTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Cookies, logins and proxies on the command line, against real sites and a real curl. */
class SessionCommandTest {

    /** A site whose home page sets a cookie, whose /echo shows the cookies it was sent, linking 20 pages. */
    private static TestSite cookieSite() {
        return TestSite.builder().generated(target -> switch (target) {
            case "/" -> new Route.Respond(200, Map.of("Content-Type", "text/html", "Set-Cookie",
                    "visit=abc; Path=/; Max-Age=3600"), "<a href=/p1>1</a>".getBytes(StandardCharsets.UTF_8));
            case "/echo" -> new Route.Dynamic(r -> Route.Respond.html("cookies: " + r.header("cookie")));
            default -> target.startsWith("/p") && target.length() < 5 ? Route.Respond.html("<a href=/p"
                    + (Integer.parseInt(target.substring(2)) + 1) + ">next</a>") : null;
        }).start();
    }

    private static String curl(String... args) throws IOException, InterruptedException {
        List<String> cmd = new java.util.ArrayList<>(List.of("curl", "-s"));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        return out;
    }

    @Test
    void curlReadsTheCookiesLoomcrawlSavedAndLoomcrawlReadsCurls(@TempDir Path dir) throws Exception {
        try (TestSite site = cookieSite()) {
            Path saved = dir.resolve("saved.txt");
            CrawlCommandTest.Run r = run("crawl", "-q", "--max-pages", "3", "--save-cookies", saved.toString(),
                    site.url("/"));
            assertEquals(0, r.exit(), r.err());
            assertEquals("cookies: visit=abc", curl("-b", saved.toString(), site.url("/echo"))
                    .replaceAll("<[^>]+>", ""));

            Path fromCurl = dir.resolve("curl.txt");
            curl("-c", fromCurl.toString(), "-o", "/dev/null", site.url("/"));
            CrawlCommandTest.Run again = run("crawl", "-q", "--cookies", fromCurl.toString(), site.url("/echo"));
            assertEquals(0, again.exit(), again.err());
            RecordedRequest echo = site.requests().stream().filter(q -> q.target().equals("/echo")).toList().getLast();
            assertEquals("visit=abc", echo.header("cookie"));
        }
    }

    @Test
    void aResumedCrawlKeepsItsCookies(@TempDir Path dir) {
        try (TestSite site = cookieSite()) {
            String state = dir.resolve("crawl.db").toString();
            CrawlCommandTest.Run first = run("crawl", "-q", "--state", state, "--max-pages", "3", "--max-tasks", "1",
                    site.url("/"));
            assertEquals(0, first.exit(), first.err());
            int before = site.requests().size();
            CrawlCommandTest.Run second = run("resume", "--max-pages", "12", state);
            assertEquals(0, second.exit(), second.err());
            List<RecordedRequest> resumed = site.requests().subList(before, site.requests().size());
            assertFalse(resumed.isEmpty());
            for (RecordedRequest q : resumed) assertEquals("visit=abc", q.header("cookie"), q.target());
        }
    }

    @Test
    void aCrawlLogsInFromTheCommandLine(@TempDir Path dir) throws IOException {
        try (LoginSite site = new LoginSite(15, 4)) {
            Path password = Files.writeString(dir.resolve("pw"), LoginSite.PASSWORD + "\n");
            CrawlCommandTest.Run r = run("crawl", "--login", site.url("/login"), "--form", "user=alice",
                    "--form-file", "password=" + password, "--logged-in-when", "#logout", site.url("/"));
            assertEquals(0, r.exit(), r.err());
            assertTrue(r.out().contains(site.url("/private/14.html") + " 200 "), r.out());
            assertFalse(r.out().contains(site.url("/login")), r.out());
            assertEquals(0, site.site().requestCount("/logout"));
        }
    }

    @Test
    void secretsOnTheCommandLineAndMissingOnesAreOneLine() {
        CrawlCommandTest.Run password = run("crawl", "--login", "http://127.0.0.1:9/login", "--form", "pass=x",
                "http://127.0.0.1:9/");
        assertEquals(2, password.exit());
        assertTrue(password.err().startsWith("form field pass looks like a password: give it with --form-env pass="
                + "VARIABLE or --form-file pass=FILE, not on the command line\n"), password.err());
        CrawlCommandTest.Run proxy = run("crawl", "--proxy", "http://bob:pw1@127.0.0.1:3128", "http://127.0.0.1:9/");
        assertEquals(2, proxy.exit());
        assertFalse(proxy.err().contains("pw1"), proxy.err());
        CrawlCommandTest.Run env = run("crawl", "--login", "http://127.0.0.1:9/login", "--form-env",
                "password=LOOMCRAWL_TEST_NO_SUCH_VARIABLE", "http://127.0.0.1:9/");
        assertEquals(2, env.exit());
        assertTrue(env.err().startsWith("form field password: the environment variable "
                + "LOOMCRAWL_TEST_NO_SUCH_VARIABLE is not set\n"), env.err());
    }

    @Test
    void aNetrcOtherUsersMayReadIsRefusedAndNothingIsFetched(@TempDir Path dir) throws Exception {
        try (TestSite site = TestSite.builder().page("/", "hello").start()) {
            Path netrc = Files.writeString(dir.resolve("netrc"), "machine 127.0.0.1 login u password p@ss\n");
            Files.setPosixFilePermissions(netrc, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
            CrawlCommandTest.Run r = run("crawl", "-q", "--netrc", netrc.toString(), site.url("/"));
            assertEquals(2, r.exit(), r.out() + r.err());
            assertEquals("the netrc file " + netrc + " holds passwords but other users may read or change it "
                    + "(rw-r--r--): chmod 600 " + netrc, r.err().lines().findFirst().orElse("")); // then the usage
            assertFalse(r.err().contains("\tat "), r.err());
            assertEquals(0, site.arrivals());
            Files.setPosixFilePermissions(netrc, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
            CrawlCommandTest.Run ok = run("crawl", "-q", "--netrc", netrc.toString(), site.url("/"));
            assertEquals(0, ok.exit(), ok.out() + ok.err());
        }
    }
}
