package dev.loomcrawl.redis;

import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.frontier.Frontier;
import dev.loomcrawl.frontier.FrontierContract;
import dev.loomcrawl.testkit.RedisServer;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;

/** The frontier contract on the shared frontier, against a real redis-server; each frontier a crawl of its own. */
class RedisFrontierContractTest extends FrontierContract {
    @TempDir
    Path dir;
    private RedisServer redis;
    private int crawls;

    @Override
    protected Frontier open(int perOrigin) {
        if (redis == null) redis = closeAfter(RedisServer.start(dir.resolve("redis")));
        RedisCrawl crawl = closeAfter(RedisCrawl.connect(redis.uri(), "contract-" + crawls++));
        CrawlConfig config = crawl.join(CrawlConfig.builder().root("http://root.test/").perHost(perOrigin).build(), 0);
        return crawl.frontier(config, Duration.ofSeconds(30));
    }

    @Override
    protected boolean shared() {
        return true;
    }
}
