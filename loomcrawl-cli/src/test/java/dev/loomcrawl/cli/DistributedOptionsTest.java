package dev.loomcrawl.cli;

import dev.loomcrawl.testkit.Await;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A shared crawl's options through real loomcrawl processes and a real redis-server: what a process given other
 * options, none, or no Redis at all says. Small crawls one process at a time, so not tagged "alone" as
 * {@link DistributedCrawlTest} is.
 */
class DistributedOptionsTest extends SharedCrawlFixture {
    @Test
    void conflictingOptionsAndMissingNamesAreOneLine() throws Exception {
        try (TestSite site = site(20, Duration.ZERO)) {
            LoomcrawlProcess first = join("opts", "--per-host", "2", site.url("/p0"));
            assertEquals(0, first.exit(60), first.stderr());

            LoomcrawlProcess other = join("opts", "--per-host", "5", site.url("/p0"));
            assertEquals(1, other.exit(60));
            assertEquals("loomcrawl: crawl 'opts' at 127.0.0.1:" + redis.port() + "/0 was started with other "
                    + "options: --per-host 2 (this process: 5); give the same options, or none but --frontier and "
                    + "--crawl-id", other.stderr().strip());

            LoomcrawlProcess noRoot = join("opts", "--per-host", "5");
            assertEquals(2, noRoot.exit(60));
            assertTrue(noRoot.stderr().startsWith("without ROOT, a process takes the shared crawl's options from "
                    + "Redis, so --per-host cannot be given"), noRoot.stderr());

            LoomcrawlProcess late = join("opts");
            assertEquals(0, late.exit(60), late.stderr());
            assertTrue(late.stderr().contains("is already finished"), late.stderr());

            LoomcrawlProcess early = join("later"); // a worker started before the crawl exists waits for it
            Await.until("the warning that it waits for Redis", () -> early.stderr().contains("waiting up to 30 s"));
            LoomcrawlProcess seeder = join("later", site.url("/p0"));
            assertEquals(0, seeder.exit(60), seeder.stderr());
            assertEquals(0, early.exit(60), early.stderr());
            assertEquals(20, report("later", "jsonl").lines().count());

            LoomcrawlProcess noId = LoomcrawlProcess.start(tmp, "crawl", "--frontier", redis.uri(), site.url("/p0"));
            assertEquals(2, noId.exit(60));
            assertTrue(noId.stderr().startsWith("--frontier needs --crawl-id NAME"), noId.stderr());

            LoomcrawlProcess notRedis = LoomcrawlProcess.start(tmp, "crawl", "--frontier", "http://x",
                    "--crawl-id", "x", site.url("/p0"));
            assertEquals(2, notRedis.exit(60));
            assertTrue(notRedis.stderr().startsWith("--frontier takes a Redis URI"), notRedis.stderr());

            LoomcrawlProcess nowhere = LoomcrawlProcess.start(tmp, "crawl", "--frontier",
                    "redis://127.0.0.1:" + TestSite.closedPort(), "--crawl-id", "x", site.url("/p0"));
            assertEquals(1, nowhere.exit(60));
            assertTrue(nowhere.stderr().strip().matches("loomcrawl: cannot reach Redis at 127\\.0\\.0\\.1:\\d+/0: .*"),
                    nowhere.stderr());
        }
    }
}
