package dev.loomcrawl.cli;

import dev.loomcrawl.testkit.RedisServer;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A real redis-server for each test (on a free port, in the test's temporary directory), real loomcrawl processes
 * joining shared crawls at it, and their reports: what {@link DistributedCrawlTest}, {@link DistributedOptionsTest},
 * {@link StatusCommandTest} and {@link SharedServeTest} (whose serve processes join at it) share.
 */
abstract class SharedCrawlFixture {
    @TempDir
    Path tmp;
    RedisServer redis;

    @BeforeEach
    void startRedis() {
        redis = RedisServer.start(tmp.resolve("redis"));
    }

    @AfterEach
    void stopRedis() {
        redis.close();
    }

    /** A site of {@code pages} pages, each linking to four others, answering after {@code latency}. */
    static TestSite site(int pages, Duration latency) {
        return TestSite.builder().generated(TestSite.crossLinkedGenerator(pages, 4, latency)).start();
    }

    /** A loomcrawl process joining crawl {@code crawlId} at this test's Redis. */
    LoomcrawlProcess join(String crawlId, String... more) throws Exception {
        List<String> args = new ArrayList<>(List.of("crawl", "-q", "--frontier", redis.uri(), "--crawl-id", crawlId));
        args.addAll(List.of(more));
        return LoomcrawlProcess.start(tmp, args.toArray(String[]::new));
    }

    /** {@code loomcrawl report} of crawl {@code crawlId} at this test's Redis, in {@code format}. */
    String report(String crawlId, String format) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = Main.run(new String[] {"report", "--format", format, redis.uri(), "--crawl-id", crawlId},
                new PrintWriter(out, true), new PrintWriter(err, true));
        assertEquals(0, code, err.toString());
        return out.toString();
    }
}
