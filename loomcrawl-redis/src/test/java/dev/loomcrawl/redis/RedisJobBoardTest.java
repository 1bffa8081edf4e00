package dev.loomcrawl.redis;

import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.Crawler;
import dev.loomcrawl.testkit.RedisServer;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The jobs board of {@code serve --frontier} against a real redis-server, two boards on their own connections. */
class RedisJobBoardTest {
    @TempDir
    Path dir;
    RedisServer redis;

    @BeforeEach
    void startRedis() {
        redis = RedisServer.start(dir.resolve("redis"));
    }

    @AfterEach
    void stopRedis() {
        redis.close();
    }

    @Test
    void aLineWhoseUrlTheListHoldsIsLeftOutSoAPageFetchedTwiceIsInTheResultsOnce() {
        try (RedisJobBoard one = RedisJobBoard.connect(redis.uri(), Duration.ofSeconds(5));
             RedisJobBoard two = RedisJobBoard.connect(redis.uri(), Duration.ofSeconds(5))) {
            one.create("j1", 1, "{}");
            var a = new RedisJobBoard.Line("https://a/", "{\"a\":1}");
            var b = new RedisJobBoard.Line("https://b/", "{\"b\":1}");
            assertEquals(List.of(a), one.append("j1", "documents", List.of(a)));
            // another server's journal, with the same page fetched again after its lease ran out
            var again = new RedisJobBoard.Line("https://a/", "{\"a\":2}");
            assertEquals(List.of(b), two.append("j1", "documents", List.of(again, b)));
            assertEquals(2, one.count("j1", "documents"));
            assertEquals(List.of("{\"a\":1}", "{\"b\":1}"), two.lines("j1", "documents", 0, 10));
            assertEquals(List.of("{\"b\":1}"), two.lines("j1", "documents", 1, 10));
            // the errors are a list of their own: a URL in the documents may have an error line too
            assertEquals(List.of(a), one.append("j1", "errors", List.of(a)));
        }
    }

    @Test
    void aJobEndsOnceTheSecondToEndItIsToldHowTheFirstDid() {
        try (RedisJobBoard one = RedisJobBoard.connect(redis.uri(), Duration.ofSeconds(5));
             RedisJobBoard two = RedisJobBoard.connect(redis.uri(), Duration.ofSeconds(5))) {
            one.create("j1", 1, "{\"state\":\"scraping\"}");
            assertEquals(RedisJobBoard.RUNNING, two.state("j1"));
            assertNull(two.finish("j1", "cancelled", "{\"state\":\"cancelled\"}", Duration.ofHours(1)));
            RedisJobBoard.Kept first = one.finish("j1", "completed", "{\"state\":\"completed\"}", Duration.ofHours(1));
            assertEquals(new RedisJobBoard.Kept("cancelled", "{\"state\":\"cancelled\"}"), first);
            assertEquals(first, one.read("j1"));
        }
    }

    @Test
    void anExpiredJobIsForgottenOnceWithItsResultsAndItsCrawl() throws Exception {
        try (TestSite site = TestSite.builder().pages(TestSite.crossLinked(10, 3)).start();
             RedisJobBoard board = RedisJobBoard.connect(redis.uri(), Duration.ofSeconds(5));
             RedisCrawl crawl = RedisCrawl.connect(redis.uri(), "serve-j1")) {
            CrawlConfig config = CrawlConfig.builder().root(site.url("/p0")).build();
            try (Crawler crawler = crawl.crawler(Crawler.builder(crawl.join(config, 0)), Duration.ofSeconds(5))) {
                assertEquals(10, crawler.crawl().done());
            }
            board.create("j1", 1, "{}");
            board.append("j1", "documents", List.of(new RedisJobBoard.Line("https://a/", "{}")));
            board.finish("j1", "completed", "{}", Duration.ofMillis(1));
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (board.read("j1") != null) { // expired (Redis expires a key when it is read past its time)
                assertTrue(System.nanoTime() < deadline, "the job's record expires");
                Thread.sleep(10);
            }
            assertEquals(List.of("j1"), board.ids());
            assertTrue(board.forget("j1", List.of("documents", "errors")));
            assertFalse(board.forget("j1", List.of("documents", "errors")), "forgotten once");
            crawl.delete();
            try (RedisLink link = RedisLink.connect(redis.uri(), Duration.ofSeconds(5))) {
                assertEquals(List.of(), link.call(r -> r.keys("*")), "nothing of the job or its crawl is left");
            }
        }
    }
}
