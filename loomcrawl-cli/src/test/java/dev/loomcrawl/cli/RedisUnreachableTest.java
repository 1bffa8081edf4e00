package dev.loomcrawl.cli;

import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A Redis that cannot be reached at the start is said in one line, the same whichever command connects: a crawl
 * with ROOT, a process joining a shared crawl without, status, report, and serve sharing its jobs; exit code 1 for
 * each.
 */
class RedisUnreachableTest {

    @Test
    void everyCommandSaysAnUnreachableRedisInTheSameLine(@TempDir Path dir) {
        int port = TestSite.closedPort(); // held: refused for as long as the test runs
        String uri = "redis://127.0.0.1:" + port;
        String line = "loomcrawl: cannot reach Redis at 127.0.0.1:" + port + "/0: connection refused (is a Redis "
                + "server listening there?)\n";
        String[][] commands = {
                {"crawl", "-q", "--frontier", uri, "--crawl-id", "x", "http://127.0.0.1:1/"},
                {"crawl", "-q", "--frontier", uri, "--crawl-id", "x"}, // joins (or goes on with) a shared crawl
                {"status", uri, "--crawl-id", "x"},
                {"report", uri, "--crawl-id", "x"},
                {"serve", "--listen", "127.0.0.1:0", "--data", dir.resolve("data").toString(), "--frontier", uri}};
        for (String[] command : commands) {
            CrawlCommandTest.Run r = CrawlCommandTest.run(command);
            assertEquals(1, r.exit(), String.join(" ", command) + ": " + r.err());
            assertEquals(line, r.err(), String.join(" ", command));
        }
        assertTrue(Files.notExists(dir.resolve("data")), "a server that cannot reach Redis makes no data directory");
        CrawlCommandTest.Run db = CrawlCommandTest.run("status", uri + "/3", "--crawl-id", "x");
        assertEquals(line.replace("/0:", "/3:"), db.err()); // the database asked for, not the probe's
        CrawlCommandTest.Run two = CrawlCommandTest.run("status", uri + ",127.0.0.1:" + port, "--crawl-id", "x");
        assertEquals(1, two.exit());
        assertTrue(two.err().startsWith("loomcrawl: not a Redis URI: "), two.err());
    }
}
