package dev.loomcrawl;

import dev.loomcrawl.reason.LinkReason;
import dev.loomcrawl.result.CrawlException;
import dev.loomcrawl.session.SessionSettings;
import dev.loomcrawl.testkit.LoginSite;
import dev.loomcrawl.testkit.RecordedRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Crawling a site behind a login form (the test kit's LoginSite: CSRF token, session cookie, sessions that expire). */
class SessionCrawlTest {
    private static final int PAGES = 40;

    private static CrawlConfig.Builder loggedIn(LoginSite site, Path password) {
        return CrawlConfig.builder().root(site.url("/")).login(site.url("/login"))
                .form("user=" + LoginSite.USER, SessionSettings.Source.VALUE)
                .form("password=" + password, SessionSettings.Source.FILE);
    }

    private static Path passwordFile(Path dir, String password) throws IOException {
        return Files.writeString(dir.resolve("password"), password + "\n");
    }

    @Test
    void withLoginEveryPrivatePageIsCrawledThroughExpiringSessions(@TempDir Path dir) throws IOException {
        try (LoginSite site = new LoginSite(PAGES, 7)) {
            CrawlRun run = CrawlRun.of(loggedIn(site, passwordFile(dir, LoginSite.PASSWORD))
                    .loggedInWhen("a#logout"));
            assertTrue(run.record(site.url("/private/")).status() == 200);
            for (int i = 1; i < PAGES; i++) {
                assertEquals(200, run.record(site.url("/private/" + i + ".html")).status(), "page " + i);
            }
            // sessions end every 7 private pages: the crawler logged in again, never needlessly
            assertTrue(site.logins() >= PAGES / 7, "logins: " + site.logins());
            assertTrue(site.logins() <= PAGES / 2, "logins: " + site.logins());
            assertEquals(0, site.refusedLogins());
            assertEquals(0, site.site().requestCount("/logout"), "a logout link was followed");
            assertFalse(run.has(site.url("/login")), "the login page was crawled as a page");
            assertTrue(run.links(site.url("/")).stream().anyMatch(l -> String.valueOf(l.link().target()).equals(site.url("/login"))
                    && l.notFollowed() == LinkReason.SESSION));
            for (RecordedRequest r : site.site().requests()) {
                if (r.target().startsWith("/private/") && r.header("cookie") == null) {
                    throw new AssertionError("a private page was asked for without the session cookie: " + r);
                }
            }
        }
    }

    @Test
    void withoutLoginOnlyThePublicPagesAreReached() {
        try (LoginSite site = new LoginSite(PAGES, 7)) {
            CrawlRun run = CrawlRun.of(CrawlConfig.builder().root(site.url("/")));
            assertEquals(200, run.record(site.url("/about.html")).status());
            assertEquals(302, run.record(site.url("/private/")).status());
            assertFalse(run.has(site.url("/private/1.html")));
            assertEquals(0, site.logins());
        }
    }

    @Test
    void aWrongPasswordStopsTheCrawlBeforeItStartsWithOneLine(@TempDir Path dir) throws IOException {
        try (LoginSite site = new LoginSite(PAGES, 7);
             Crawler crawler = Crawler.builder(loggedIn(site, passwordFile(dir, "wrong")).loggedInWhen("a#logout")
                     .build()).build()) {
            CrawlException e = assertThrows(CrawlException.class, crawler::crawl);
            assertEquals("login failed: logging in at " + site.url("/login") + " did not work: " + site.url("/login")
                    + " has no element matching a#logout", e.getMessage());
            assertEquals(1, site.refusedLogins());
            assertEquals(0, site.site().requestCount("/"), "nothing is crawled after a failed login");
        }
    }

    @Test
    void withoutASelectorALoginThatLandsOnTheFormAgainFails(@TempDir Path dir) throws IOException {
        try (LoginSite site = new LoginSite(PAGES, 7);
             Crawler crawler = Crawler.builder(loggedIn(site, passwordFile(dir, "wrong")).build()).build()) {
            CrawlException e = assertThrows(CrawlException.class, crawler::crawl);
            assertTrue(e.getMessage().endsWith("still shows a login form"), e.getMessage());
        }
    }

    @Test
    void passwordsAreRefusedOnTheCommandLine() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CrawlConfig.builder().form("password=hunter2", SessionSettings.Source.VALUE));
        assertTrue(e.getMessage().contains("--form-env password=VARIABLE"), e.getMessage());
        assertFalse(e.getMessage().contains("hunter2"));
        IllegalArgumentException noLogin = assertThrows(IllegalArgumentException.class,
                () -> CrawlConfig.builder().root("http://example.com/").form("user=a", SessionSettings.Source.VALUE)
                        .build());
        assertEquals("form fields need login (the page of the form they fill in)", noLogin.getMessage());
    }
}
