package dev.loomcrawl.cli;

import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.RandomAccessFile;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a start can trip on is refused in one line, before anything lasting is made: a file loomcrawl reads as its
 * own that is a named pipe (which would block the read for ever) or larger than its kind may be (read whole, out of
 * memory); a --metrics address that is taken, which left a state file behind that the next start refused.
 */
class StartTrapsTest {
    @TempDir
    Path tmp;

    private Path fifo(String name) throws Exception {
        Path fifo = tmp.resolve(name);
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        return fifo;
    }

    /** A process that must end, by itself, within 30 s (one blocked on a named pipe never does). */
    private LoomcrawlProcess ended(int exit, String... args) throws Exception {
        LoomcrawlProcess p = LoomcrawlProcess.start(tmp, args);
        assertEquals(exit, p.exit(30), p.stderr());
        return p;
    }

    @Test
    void filesReadAsOursThatAreNamedPipesAreRefusedInOneLine() throws Exception {
        Path site = tmp.resolve("site");
        Files.createDirectories(site);
        Files.writeString(site.resolve("index.html"), "fine");
        String pipe = " a named pipe, device or socket, not a regular file\n";

        Path cache = fifo("cache");
        assertEquals("loomcrawl: check failed: cannot read the cache " + cache + ":" + pipe,
                ended(3, "check", "--cache", cache.toString(), site.toString()).stderr());

        Path cookies = fifo("cookies");
        assertTrue(ended(2, "crawl", "--cookies", cookies.toString(), "http://127.0.0.1:1/").stderr()
                .startsWith("cannot read the cookies file " + cookies + ":" + pipe));
        Path missing = tmp.resolve("missing.txt");
        CrawlCommandTest.Run none = CrawlCommandTest.run("crawl", "--cookies", missing.toString(), "http://127.0.0.1:1/");
        assertEquals(2, none.exit());
        assertTrue(none.err().startsWith("cannot read the cookies file " + missing + ": no such file\n"), none.err());
        Path proxies = fifo("proxies");
        assertTrue(ended(2, "crawl", "--proxy-file", proxies.toString(), "http://127.0.0.1:1/").stderr()
                .startsWith("cannot read the proxy file " + proxies + ":" + pipe));
        Path netrc = fifo("netrc");
        Files.setPosixFilePermissions(netrc, PosixFilePermissions.fromString("rw-------"));
        assertTrue(ended(2, "crawl", "--netrc", netrc.toString(), "http://127.0.0.1:1/").stderr()
                .startsWith("cannot read the netrc file " + netrc + ":" + pipe));
        Path field = fifo("field");
        assertTrue(ended(2, "crawl", "--login", "http://127.0.0.1:1/login", "--form-file", "pass=" + field,
                "http://127.0.0.1:1/").stderr().startsWith("form field pass: cannot read " + field + ":" + pipe));
    }

    @Test
    void aCacheLargerThanACacheMayBeIsRefusedUnread() throws Exception {
        Path site = tmp.resolve("site");
        Files.createDirectories(site);
        Files.writeString(site.resolve("index.html"), "fine");
        Path cache = tmp.resolve("links.tsv");
        try (RandomAccessFile f = new RandomAccessFile(cache.toFile(), "rw")) {
            f.write(("# loomcrawl check cache 1\n").getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            f.setLength(1L << 30); // sparse: a gigabyte that takes no room
        }
        LoomcrawlProcess check = ended(3, "check", "--cache", cache.toString(), site.toString());
        assertEquals("loomcrawl: check failed: cannot read the cache " + cache + ": 1,073,741,824 bytes, more than a "
                + "cache may hold (64 MiB)\n", check.stderr());
        assertEquals(1L << 30, Files.size(cache)); // not written over either
    }

    @Test
    void aTakenMetricsPortFailsTheStartBeforeTheStateFileIsMade() throws Exception {
        try (TestSite site = TestSite.builder().page("/", "fine").start();
             ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Path state = tmp.resolve("crawl.db");
            CrawlCommandTest.Run refused = CrawlCommandTest.run("crawl", "-q", "--state", state.toString(),
                    "--metrics", "127.0.0.1:" + taken.getLocalPort(), site.url("/"));
            assertEquals(1, refused.exit(), refused.err());
            assertTrue(refused.err().startsWith("loomcrawl: --metrics: cannot listen on 127.0.0.1:"
                    + taken.getLocalPort() + ": "), refused.err());
            assertEquals(1, refused.err().lines().count(), refused.err());
            assertFalse(Files.exists(state), "the state file of a crawl that never started");

            CrawlCommandTest.Run started = CrawlCommandTest.run("crawl", "-q", "--state", state.toString(),
                    "--metrics", "127.0.0.1:0", site.url("/"));
            assertEquals(0, started.exit(), started.err());
            CrawlCommandTest.Run again = CrawlCommandTest.run("crawl", "-q", "--state", state.toString(),
                    site.url("/"));
            assertEquals(1, again.exit());
            assertTrue(again.err().matches("loomcrawl: state file " + java.util.regex.Pattern.quote(state.toString())
                    + ": it already holds a crawl of .*: choose another file, or run 'loomcrawl resume "
                    + java.util.regex.Pattern.quote(state.toString()) + "'\n"), again.err());
        }
    }
}
