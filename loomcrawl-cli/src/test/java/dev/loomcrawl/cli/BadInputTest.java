package dev.loomcrawl.cli;

import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Input that cannot be what was meant is exit code 2 with one clear line, before anything is fetched or written:
 * local paths and other schemes as roots, a missing directory to check, two outputs on one file, items without
 * fields. Each is given beside a good root on a real site, which must see no request.
 */
class BadInputTest {
    @TempDir
    Path tmp;

    private TestSite site;

    @BeforeEach
    void start() {
        site = TestSite.builder().page("/", "home").start();
    }

    @AfterEach
    void stop() {
        site.close();
    }

    /** Runs crawl with the arguments and the good root; asserts exit 2 and that nothing was fetched. */
    private CrawlCommandTest.Run refused(String... args) {
        String[] full = new String[args.length + 3];
        full[0] = "crawl";
        full[1] = "--no-progress";
        System.arraycopy(args, 0, full, 2, args.length);
        full[full.length - 1] = site.url("/");
        CrawlCommandTest.Run r = CrawlCommandTest.run(full);
        assertEquals(2, r.exit(), r.err());
        assertEquals("", r.out());
        assertEquals(0, site.arrivals(), "nothing fetched");
        assertFalse(r.err().contains("\tat "), r.err());
        return r;
    }

    /** A refused root: exactly one line, no usage. */
    private void oneLine(String root, String line) {
        assertEquals("loomcrawl: " + line + "\n", refused(root).err());
    }

    @Test
    void aLocalDirectoryAsRootPointsToCheck() throws Exception {
        Path dir = Files.createDirectory(tmp.resolve("public"));
        oneLine(dir.toString(), dir + " is a local directory: to check its links use 'loomcrawl check " + dir + "'");
        oneLine(".", ". is a local directory: to check its links use 'loomcrawl check .'");
    }

    @Test
    void aLocalFileOrMissingPathAsRootAsksForAUrl() {
        oneLine("./pom.xml", "./pom.xml is a local file, not a URL: give an http(s) URL such as https://example.com/ "
                + "(to check the links of a site built in a directory, use 'loomcrawl check DIR')");
        oneLine("pom.xml", "pom.xml is a local file, not a URL: give an http(s) URL such as https://example.com/ "
                + "(to check the links of a site built in a directory, use 'loomcrawl check DIR')");
        oneLine("/etc/passwd-nothing-here", "/etc/passwd-nothing-here looks like a local path, not a URL, and there "
                + "is no such file or directory: give an http(s) URL such as https://example.com/");
        assertTrue(refused("/etc/passwd").err().startsWith("loomcrawl: /etc/passwd is a local file, not a URL"));
        assertTrue(refused("file:///etc/passwd").err().startsWith("loomcrawl: file:///etc/passwd is a local file"));
        assertTrue(refused("~/nothing-here").err().startsWith("loomcrawl: ~/nothing-here looks like a local path"));
    }

    @Test
    void rootsOfOtherSchemesAreRefusedByScheme() {
        oneLine("mailto:a@b.c", "mailto: URLs cannot be crawled: a root must be an http(s) URL, got 'mailto:a@b.c'");
        oneLine("javascript:void(0)", "javascript: URLs cannot be crawled: a root must be an http(s) URL, got "
                + "'javascript:void(0)'");
        oneLine("ftp://127.0.0.1/pub/", "ftp: URLs cannot be crawled: a root must be an http(s) URL, got "
                + "'ftp://127.0.0.1/pub/'");
    }

    @Test
    void checkOnAMissingDirectorySaysSo() {
        Path missing = tmp.resolve("missing");
        CrawlCommandTest.Run r = CrawlCommandTest.run("check", missing.toString());
        assertEquals(2, r.exit(), r.err());
        assertEquals("loomcrawl: no such directory: " + missing + "\n", r.err());
        CrawlCommandTest.Run mailto = CrawlCommandTest.run("check", "mailto:a@b.c");
        assertEquals(2, mailto.exit(), mailto.err());
        assertTrue(mailto.err().startsWith("mailto: URLs cannot be crawled"), mailto.err());
    }

    @Test
    void twoOutputsOnOneFileAreAUsageErrorNamingBoth() throws Exception {
        String same = tmp.resolve("same.jsonl").toString();
        String other = tmp.resolve("sub/../same.jsonl").toString();
        Files.createDirectory(tmp.resolve("sub"));
        Path real = tmp.toRealPath().resolve("same.jsonl");
        CrawlCommandTest.Run r = refused("--output", same, "--links", other);
        assertTrue(r.err().startsWith("--output and --links both name " + real + ": give each its own file\n"), r.err());
        assertTrue(r.err().endsWith("file\nSee 'loomcrawl crawl --help' for its options.\n"), r.err());
        assertTrue(refused("--output", same, "--items", same, "--field", "t=title").err()
                .startsWith("--output and --items both name " + real), "output and items");
        assertTrue(refused("--links", same.replace(".jsonl", ".csv"), "--html-report", same.replace(".jsonl", ".csv"))
                .err().startsWith("--links and --html-report both name "), "links and html report");
        assertTrue(refused("--output", same, "--state", same).err().startsWith("--output and --state both name "),
                "output and state");
        Path link = Files.createSymbolicLink(tmp.resolve("link"), tmp);
        assertTrue(refused("--output", same, "--links", link.resolve("same.jsonl").toString()).err()
                .startsWith("--output and --links both name " + real), "through a symbolic link");
        assertTrue(refused("--warc", tmp.resolve("w").toString(), "--output", tmp.resolve("w-00000.warc.gz").toString(),
                "--format", "jsonl").err().startsWith("--output names "), "a WARC file");
        assertFalse(Files.exists(Path.of(same)), "nothing was created");
    }

    @Test
    void itemsWithoutFieldsAndFieldsWithoutItemsAreUsageErrors() {
        String items = tmp.resolve("items.jsonl").toString();
        assertTrue(refused("--items", items).err().startsWith("--items needs at least one --field NAME=SELECTOR"));
        assertTrue(refused("--items", items, "--item", "li").err().startsWith("--items needs at least one --field"));
        assertTrue(refused("--field", "t=title").err().startsWith("--field needs --items FILE"));
        assertTrue(refused("--item", "li", "--field", "t=title").err().startsWith("--item needs --items FILE"));
        assertFalse(Files.exists(Path.of(items)));
    }
}
