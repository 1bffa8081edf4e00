package dev.loomcrawl;

import dev.loomcrawl.extract.LinkExtractor;
import dev.loomcrawl.extract.ParsedPage;
import dev.loomcrawl.extract.StreamingLinkExtractor;
import dev.loomcrawl.fetch.JettyFetcher;
import dev.loomcrawl.fetch.RetryingFetcher;
import dev.loomcrawl.internal.frontier.InMemoryFrontier;
import dev.loomcrawl.output.CommittedOutput;
import dev.loomcrawl.output.lines.ContentFile;
import dev.loomcrawl.result.FinishedUrl;
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
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A crawl whose outputs read pages' content reads pages (their link pass and their content) by at most one worker
 * per processor at a time, however many fetches are in flight, and makes each page's content as it reads it, but for
 * a noindex page's; a crawl without such an output reads as many pages at once as its fetches bring. A real crawl of
 * a site on 127.0.0.1 whose pages are all fetched at once.
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

    /**
     * An output opened before the content output: whether each HTML page's content was made when the journal first
     * hands it the page, that is, before any output asked for it.
     */
    private static final class MadeBeforeOutputs implements CommittedOutput<Void> {
        final Map<String, Boolean> made = new ConcurrentHashMap<>();

        @Override
        public Void prepare(FinishedUrl finished) {
            if (finished.lazyContent() != null) {
                made.put(finished.record().url().path(), finished.lazyContent().made());
            }
            return null;
        }

        @Override
        public String write(List<Void> prepared, boolean force) {
            return "";
        }
    }

    @Test
    void pagesWhoseContentIsWrittenAreReadAtMostOnePerProcessorAtATime(@TempDir Path dir) throws IOException {
        Path content = dir.resolve("content.jsonl");
        MadeBeforeOutputs made = new MadeBeforeOutputs();
        Counting extractor = crawl(content, made);
        assertTrue(extractor.most.get() <= PROCESSORS,
                extractor.most.get() + " pages read at once, on " + PROCESSORS + " processors");
        List<String> lines = Files.readAllLines(content);
        assertEquals(PAGES + 1, lines.size()); // the index and every page, each once; the noindex page left out
        for (int i = 0; i < PAGES; i++) {
            String path = "/p" + i + "\",";
            assertEquals(1, lines.stream().filter(l -> l.startsWith("{\"url\":\"http://127.0.0.1:")
                    && l.contains(path)).count(), path);
        }
        assertTrue(lines.stream().allMatch(l -> l.contains("\"text\":\"Page ")), lines.get(0));
        // made as the page was read, before the outputs asked; a noindex page's is left to an output that asks
        assertEquals(PAGES + 2, made.made.size(), made.made.toString());
        made.made.forEach((path, m) -> assertEquals(!path.equals("/hidden"), m, path));
    }

    @Test
    void aCrawlWithoutContentReadsAsManyPagesAtOnceAsItsFetchesBring() throws IOException {
        Counting extractor = crawl(null, null);
        assertTrue(extractor.most.get() > PROCESSORS,
                extractor.most.get() + " pages read at once, on " + PROCESSORS + " processors: the test's fetches"
                        + " did not overlap, so the first test shows nothing");
    }

    /**
     * Crawls a site of {@link #PAGES} pages and a noindex page linked from its index, all fetched at once, with a
     * content output to {@code content} unless it is null, and {@code made} opened before it unless it is null.
     */
    private static Counting crawl(Path content, MadeBeforeOutputs made) throws IOException {
        Counting extractor = new Counting();
        try (TestSite site = site()) {
            CrawlConfig config = CrawlConfig.builder().root(site.url("/")).maxTasks(PAGES + 2).perHost(PAGES + 2)
                    .maxTries(1).build();
            ContentFile output = null;
            try (Crawler crawler = Crawler.builder(config).frontier(new InMemoryFrontier(PAGES + 2, Duration.ZERO))
                    .fetcher(new RetryingFetcher(new JettyFetcher(config.clientSetup()), 1,
                            config.http().retryBackoff(), config.http().retryBackoffMax()))
                    .linkExtractor(extractor)
                    .scope(new RootScope(config.scope()))
                    .build()) {
                if (made != null) crawler.journal().add("made", made);
                if (content != null) output = ContentFile.open(content, crawler.journal(), false);
                assertEquals(PAGES + 2, crawler.crawl().done());
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
        b.page("/hidden", "<meta name=robots content=noindex><title>Hidden</title><main><p>Not to index.</p></main>");
        return b.page("/", index.append("<a href=/hidden>hidden</a></p></main>").toString()).start();
    }
}
