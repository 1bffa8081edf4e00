package dev.loomcrawl.redis;

import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.frontier.Frontier;
import dev.loomcrawl.frontier.FrontierContract;
import dev.loomcrawl.testkit.RedisServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The shared frontier, against a real redis-server, holds to the frontier contract. Every frontier the contract
 * opens is a crawl of its own (a crawl id of its own) on one server; a peer is a second connection to the same
 * crawl, as another process would have.
 */
class RedisFrontierContractTest extends FrontierContract {
    /** Short, so that the visits of a "killed" frontier come back soon; renewed every third of it meanwhile. */
    private static final Duration LEASE = Duration.ofSeconds(1);
    private static final AtomicInteger crawls = new AtomicInteger();

    @TempDir
    static Path dir;
    static RedisServer redis;

    private final Map<Frontier, Connected> connected = new HashMap<>();

    /** A frontier's own connection, and the crawl it is a view of. */
    private record Connected(RedisCrawl crawl, String crawlId, CrawlConfig config) {}

    @BeforeAll
    static void startRedis() {
        redis = RedisServer.start(dir.resolve("redis"), "no"); // no fsync: nothing here survives a crash
    }

    @AfterAll
    static void stopRedis() {
        redis.close();
    }

    @Override
    protected Frontier open(int perOrigin, Duration delay) {
        return connect("contract-" + crawls.incrementAndGet(),
                CrawlConfig.builder().root("http://a.test/").perHost(perOrigin).delay(delay).build());
    }

    private Frontier connect(String crawlId, CrawlConfig config) {
        RedisCrawl crawl = RedisCrawl.connect(redis.uri(), crawlId);
        RedisFrontier frontier = crawl.frontier(config, LEASE);
        connected.put(frontier, new Connected(crawl, crawlId, config));
        return frontier;
    }

    @Override
    protected void afterClose(Frontier frontier) {
        connected.get(frontier).crawl().close(); // kept: openAgain needs the crawl id
    }

    @Override
    protected boolean sharedByProcesses() {
        return true;
    }

    @Override
    protected Frontier openPeer(Frontier frontier) {
        Connected first = connected.get(frontier);
        return connect(first.crawlId(), first.config());
    }

    @Override
    protected boolean durable() {
        return true;
    }

    @Override
    protected Frontier openAgain(Frontier closed, int perOrigin, Duration delay) {
        return connect(connected.get(closed).crawlId(),
                CrawlConfig.builder().root("http://a.test/").perHost(perOrigin).delay(delay).build());
    }

    /** Counted over every origin in Redis, at most once a second (RedisFrontier.queued). */
    @Override
    protected boolean handsOutWithoutWaiting() {
        return false;
    }

    @Override
    protected boolean queuedCountIsLive() {
        return false;
    }

    /** No record: the fetch was aborted, and another process may do it (RedisFrontier.done). */
    @Override
    protected boolean doneWithoutARecordPutsTheVisitBack() {
        return true;
    }

    /** The process that finds nothing queued or leased anywhere marks the crawl finished, for every process. */
    @Override
    protected boolean theEndIsFinal() {
        return true;
    }
}
