package dev.loomcrawl;

import dev.loomcrawl.extract.LinkExtractor;
import dev.loomcrawl.extract.ParsedPage;
import dev.loomcrawl.extract.StreamingLinkExtractor;
import dev.loomcrawl.fetch.JettyFetcher;
import dev.loomcrawl.fetch.RetryingFetcher;
import dev.loomcrawl.frontier.InMemoryFrontier;
import dev.loomcrawl.output.lines.ContentFile;
import dev.loomcrawl.scope.RootScope;
import dev.loomcrawl.testkit.TestSite;
import dev.loomcrawl.url.WebUrl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A crawl whose outputs read pages' content reads pages (their link pass and their content) by at most one worker
 * per processor at a time, however many fetches are in flight; a crawl without such an output reads as many pages at
 * once as its fetches bring. A real crawl of a site on 127.0.0.1 whose pages are all fetched at once.
 */
class ReadingBoundTest {
    private static final int PROCESSORS = Runtime.getRuntime().availableProcessors();
    /** More pages than the bound lets be read at once, by far; all of them are fetched together. */
    private static final int PAGES = 4 * PROCESSORS + 8;

    /**
     * The streaming extractor, counting how many pages it is reading at once. Each reading waits, up to 50 ms, until
     * more pages than there are processors are being read, so that unbounded readings are seen to overlap on any
     * machine.
     */
    private static final class Counting implements LinkExtractor {
        private final LinkExtractor extractor = new StreamingLinkExtractor();
        private final AtomicInteger reading = new AtomicInteger();
        private final AtomicInteger most = new AtomicInteger();

        @Override
        public ParsedPage extract(byte[] body, String headerCharset, WebUrl url) {
            return extract(body, headerCharset, url, false);
        }

        @Override
        public ParsedPage extract(byte[] body, String headerCharset, WebUrl url, boolean tree) {
            most.accumulateAndGet(reading.incrementAndGet(), Math::max);
            try {
                long until = System.nanoTime() + 50_000_000;
                while (reading.get() <= PROCESSORS && System.nanoTime() < until) Thread.sleep(1);
                most.accumulateAndGet(reading.get(), Math::max);
                return extractor.extract(body, headerCharset, url, tree);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            } finally {
                reading.decrementAndGet();
            }
        }
    }

    @Test
    void pagesWhoseContentIsWrittenAreReadAtMostOnePerProcessorAtATime(@TempDir Path dir) throws IOException {
        Path content = dir.resolve("content.jsonl");
        Counting extractor = crawl(content);
        assertTrue(extractor.most.get() <= PROCESSORS,
                extractor.most.get() + " pages read at once, on " + PROCESSORS + " processors");
        List<String> lines = Files.readAllLines(content);
        assertEquals(PAGES + 1, lines.size()); // the index and every page, each once
        for (int i = 0; i < PAGES; i++) {
            String page = "\"url\":\"http://127.0.0.1:";
            String path = "/p" + i + "\"";
            assertEquals(1, lines.stream().filter(l -> l.startsWith("{" + page) && l.contains(path + ",")).count(),
                    path);
        }
        assertTrue(lines.stream().allMatch(l -> l.contains("\"text\":\"Page ")), lines.get(0));
    }

    @Test
    void aCrawlWithoutContentReadsAsManyPagesAtOnceAsItsFetchesBring() throws IOException {
        Counting extractor = crawl(null);
        assertTrue(extractor.most.get() > PROCESSORS,
                extractor.most.get() + " pages read at once, on " + PROCESSORS + " processors: the test's fetches"
                        + " did not overlap, so the first test shows nothing");
    }

    /** Crawls a site of {@link #PAGES} pages linked from its index, all fetched at once, with a content output. */
    private static Counting crawl(Path content) throws IOException {
        Counting extractor = new Counting();
        try (TestSite site = site()) {
            CrawlConfig config = CrawlConfig.builder().root(site.url("/")).maxTasks(PAGES + 1).perHost(PAGES + 1)
                    .maxTries(1).build();
            ContentFile output = null;
            try (Crawler crawler = new Crawler(config, new InMemoryFrontier(PAGES + 1, Duration.ZERO),
                    new RetryingFetcher(new JettyFetcher(config.httpSettings()), 1, config.retryBackoff(),
                            config.retryBackoffMax()), extractor,
                    new RootScope(config.roots(), config.scope(), config.lenient(), config.includes(),
                            config.excludes()))) {
                if (content != null) output = ContentFile.open(content, crawler.journal(), false);
                assertEquals(PAGES + 1, crawler.crawl().done());
            } finally {
                if (output != null) output.close();
            }
        }
        return extractor;
    }

    private static TestSite site() {
        TestSite.Builder b = TestSite.builder();
        StringBuilder index = new StringBuilder("<title>Index</title><main><p>Page index: ");
        for (int i = 0; i < PAGES; i++) {
            index.append("<a href=/p").append(i).append(">").append(i).append("</a> ");
            b.page("/p" + i, "<title>" + i + "</title><main><h1>Page " + i + "</h1><p>Its own text, " + i
                    + ".</p></main>");
        }
        return b.page("/", index.append("</p></main>").toString()).start();
    }
}
