package dev.loomcrawl.cli;

import dev.loomcrawl.testkit.Await;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

import static dev.loomcrawl.cli.CrawlCommandTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a user reads when something fails says what failed and why, in words: a host that does not resolve or
 * whose address is not allowed is named as such (robots.txt is not blamed, no Java class is named), a number that
 * is not one is "not a whole number", a stop with nothing in flight says so, and an XPath field that cannot select
 * elements is refused before the crawl starts.
 */
class ErrorsInWordsTest {
    /** A Java class name as exceptions print them: FooException, java.net.Bar. */
    private static final Pattern CLASS_NAME = Pattern.compile("[A-Z]\\w*(Exception|Error)\\b|\\bjava\\.\\w+\\.");

    @TempDir
    Path dir;

    private static void noClassName(String text) {
        assertFalse(CLASS_NAME.matcher(text).find(), text);
    }

    @Test
    void anUnknownHostIsSaidNotToResolveWithoutBlamingRobotsTxt() throws Exception {
        Path records = dir.resolve("records.jsonl");
        CrawlCommandTest.Run r = run("crawl", "--no-progress", "--max-tries", "1", "--output", records.toString(),
                "http://no-such-host.invalid/");
        assertEquals(3, r.exit(), r.err());
        assertTrue(r.err().contains("root http://no-such-host.invalid/ failed: the host name no-such-host.invalid "
                + "does not resolve: check the spelling"), r.err());
        String record = Files.readString(records);
        assertTrue(record.contains("\"error\":\"the host name no-such-host.invalid does not resolve\""), record);
        for (String text : List.of(r.out(), r.err(), record)) {
            noClassName(text);
            assertFalse(text.contains("robots.txt"), text);
        }
    }

    @Test
    void aNameThatResolvesToLoopbackIsSaidToHaveAnAddressNotAllowed() throws Exception {
        try (TestSite site = TestSite.builder().page("/", "home").start()) {
            String root = "http://example.com:" + site.port() + "/"; // a public name, pinned to loopback
            Path records = dir.resolve("records.jsonl");
            CrawlCommandTest.Run r = run("crawl", "--no-progress", "--resolve", "example.com:" + site.port()
                    + ":127.0.0.1", "--output", records.toString(), root);
            assertEquals(3, r.exit(), r.err());
            String why = "the address of example.com is not allowed: 127.0.0.1 is a loopback address; pass "
                    + "--allow-private to crawl it";
            assertTrue(r.err().contains("root " + root + " failed: " + why), r.err());
            String record = Files.readString(records);
            assertTrue(record.contains("\"error\":\"" + why + "\""), record);
            for (String text : List.of(r.out(), r.err(), record)) {
                noClassName(text);
                assertFalse(text.contains("robots.txt"), text);
            }
            assertEquals(0, site.arrivals());
        }
    }

    @Test
    void aLinkToAnAddressNotAllowedIsRecordedInWords() throws Exception {
        try (TestSite other = TestSite.builder().page("/", "other").start();
             TestSite site = TestSite.builder().page("/", "<a href='" + other.url("/") + "'>o</a>").start()) {
            Path records = dir.resolve("records.jsonl");
            CrawlCommandTest.Run r = run("crawl", "--no-progress", "--output", records.toString(), site.url("/"));
            assertEquals(0, r.exit(), r.err());
            String record = Files.readString(records);
            assertTrue(record.contains("\"error\":\"the address of 127.0.0.1 is not allowed: 127.0.0.1 is a loopback "
                    + "address; pass --allow-private to crawl it\""), record);
            noClassName(record);
            assertEquals(0, other.arrivals());
        }
    }

    @Test
    void aRefusedConnectionNamesTheHostNotRobotsTxt() {
        String dead = "http://127.0.0.1:" + TestSite.closedPort() + "/";
        CrawlCommandTest.Run r = run("crawl", "--no-progress", "--max-tries", "1", dead);
        assertEquals(3, r.exit(), r.err());
        assertTrue(r.err().contains("root " + dead + " failed: connection refused (is a server listening there?)"),
                r.err());
        noClassName(r.out() + r.err());
    }

    @Test
    void aValueThatIsNoNumberIsNotAWholeNumberInEveryCommand() {
        for (List<String> args : List.of(List.of("crawl", "--max-pages", "ten", "http://x.test/"),
                List.of("crawl", "--max-tasks", "ten", "http://x.test/"),
                List.of("crawl", "--per-host", "1.5", "http://x.test/"),
                List.of("check", "--max-tasks", "ten", "."),
                List.of("serve", "--max-pages", "ten"),
                List.of("search", "--limit", "x", "c.db", "q"))) {
            CrawlCommandTest.Run r = run(args.toArray(String[]::new));
            assertEquals(2, r.exit(), args + r.err());
            String value = args.get(2);
            assertTrue(r.err().startsWith("Invalid value for option '" + args.get(1) + "': '" + value + "' is not a "
                    + "whole number\n"), args + r.err());
        }
        CrawlCommandTest.Run big = run("crawl", "--max-tasks", "99999999999", "http://x.test/");
        assertTrue(big.err().startsWith("Invalid value for option '--max-tasks': '99999999999' is too large (at most "
                + Integer.MAX_VALUE + ")\n"), big.err());
    }

    @Test
    void ctrlCWithNothingInFlightSaysSoRatherThanFinishingZero() throws Exception {
        try (TestSite site = TestSite.builder().robots("User-agent: *\nCrawl-delay: 30\n")
                .page("/", "<a href=/a>a</a>").page("/a", "a").start()) {
            LoomcrawlProcess p = LoomcrawlProcess.start(dir, "crawl", "--no-progress", site.url("/"));
            Await.until("robots.txt and the root", () -> site.requestCount("/") == 1);
            Thread.sleep(500); // the root's record is written; /a waits out the crawl delay, nothing in flight
            new ProcessBuilder("kill", "-INT", Long.toString(p.process().pid())).start().waitFor();
            assertEquals(130, p.exit(30), p.stderr());
            assertTrue(p.stderr().contains("Stopping: no fetch in flight\n"), p.stderr());
            assertFalse(p.stderr().contains("finishing 0"), p.stderr());
        }
    }

    @Test
    void anXpathFieldThatIsNoNodeSetIsRefusedBeforeTheCrawl() throws Exception {
        try (TestSite site = TestSite.builder().page("/", "<dl><dt>a</dt></dl>").start()) {
            CrawlCommandTest.Run r = run("crawl", "--no-progress", "--items", dir.resolve("i.jsonl").toString(),
                    "--field", "n=xpath:count(//dl)", site.url("/"));
            assertEquals(2, r.exit(), r.err());
            assertTrue(r.err().contains("xpath selector 'xpath:count(//dl)' gives a number, a string or a boolean, "
                    + "not elements"), r.err());
            noClassName(r.err());
            assertEquals(0, site.arrivals(), "nothing fetched");
        }
    }

    @Test
    void anAbsPrefixedAttributeGivesTheAbsoluteUrl() throws Exception {
        try (TestSite site = TestSite.builder().page("/list/", "<a class=next href='../page/2'>next</a>").start()) {
            Path items = dir.resolve("items.jsonl");
            CrawlCommandTest.Run r = run("crawl", "--no-progress", "--max-pages", "1", "--items", items.toString(),
                    "--field", "next=a.next@abs:href", "--field", "raw=a.next@href", site.url("/list/"));
            assertEquals(0, r.exit(), r.err());
            String item = Files.readString(items);
            assertTrue(item.contains("\"next\":\"" + site.url("/page/2") + "\""), item);
            assertTrue(item.contains("\"raw\":\"../page/2\""), item);
        }
    }
}
