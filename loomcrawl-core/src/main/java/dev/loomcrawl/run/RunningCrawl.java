package dev.loomcrawl.run;

import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.Crawler;
import dev.loomcrawl.run.CrawlOutputs;
import dev.loomcrawl.result.CrawlException;
import dev.loomcrawl.result.CrawlListener;
import dev.loomcrawl.result.CrawlSummary;
import dev.loomcrawl.state.StateException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;

/**
 * A crawl {@link CrawlRunner#start started}: its crawler (for progress, listeners, {@code stop} and {@code cancel})
 * and its outputs, until {@link #crawl} runs it to its end. Closing it without crawling lets go of what was opened.
 */
public final class RunningCrawl implements AutoCloseable {
    private final CrawlConfig config;
    private final Crawler crawler;
    private final CrawlOutputs outputs;
    private final List<AutoCloseable> attached;
    private final Path saveCookies;
    private final LongAdder done = new LongAdder();
    private final AtomicBoolean ended = new AtomicBoolean();

    RunningCrawl(CrawlConfig config, Crawler crawler, CrawlOutputs outputs, List<AutoCloseable> attached,
                 Path saveCookies) {
        this.config = config;
        this.crawler = crawler;
        this.outputs = outputs;
        this.attached = attached;
        this.saveCookies = saveCookies;
        crawler.addListener(CrawlListener.ofRecords(r -> done.increment()));
    }

    /** The crawler: for a progress line, listeners, the URLs queued and in flight. */
    public Crawler crawler() {
        return crawler;
    }

    /** The outputs the runner opened (null: none were asked for). */
    public CrawlOutputs outputs() {
        return outputs;
    }

    /** Lets the URLs in flight finish and ends the crawl, as {@link Crawler#stop}. */
    public void stop() {
        crawler.stop();
    }

    /** Ends the crawl now, as {@link Crawler#cancel}. */
    public void cancel() {
        crawler.cancel();
    }

    /**
     * Crawls to the end, then, in order: closes {@code watchers} (a progress line, a signal handler: in reverse
     * order), writes the cookies file, closes the crawler (its journal's last commit), closes the attachments and
     * finishes the outputs. A failure of the crawl's own ({@link CrawlException}), of the state, of the cookies file
     * or of an output as it finishes ends it as {@link Ended.Failed}, with what was done counted; any other exception
     * is thrown, after everything is closed.
     */
    public Ended crawl(AutoCloseable... watchers) {
        if (!ended.compareAndSet(false, true)) throw new IllegalStateException("the crawl has run");
        long start = System.nanoTime();
        CrawlSummary summary = null;
        RuntimeException failure = null;
        RuntimeException thrown = null;
        try {
            try {
                summary = crawler.crawl();
            } catch (CrawlException e) { // what was finished until then is counted
                failure = e;
                summary = new CrawlSummary(done.sum(), crawler.queued(), Duration.ofNanos(System.nanoTime() - start),
                        config.maxTasks(), false, Instant.now(), null, Map.of());
            } finally {
                for (int i = watchers.length - 1; i >= 0; i--) {
                    if (watchers[i] != null) close(watchers[i]);
                }
            }
            RuntimeException notSaved = saveCookies();
            if (failure == null) failure = notSaved;
        } catch (RuntimeException e) {
            thrown = e;
        }
        try {
            crawler.close();
        } catch (RuntimeException e) {
            if (thrown == null) thrown = e;
            else thrown.addSuppressed(e);
        }
        if (thrown != null) {
            if (stateCause(thrown) == null) {
                closeRest(thrown);
                throw thrown;
            }
            if (failure == null) failure = thrown;
        }
        for (AutoCloseable a : attached.reversed()) {
            try {
                close(a);
            } catch (RuntimeException e) {
                if (failure == null) failure = e;
            }
        }
        if (outputs != null) {
            try {
                outputs.finish(summary);
            } catch (RuntimeException e) { // the output that stopped the crawl fails again as it closes
                if (failure == null) failure = e;
            } finally {
                closeQuietly(outputs, null);
            }
        }
        return failure == null ? new Ended.Completed(summary) : new Ended.Failed(summary, failure);
    }

    /** Lets go of what was opened, if the crawl did not run: the crawler, the attachments, the outputs. */
    @Override
    public void close() {
        if (!ended.compareAndSet(false, true)) return;
        RuntimeException first = null;
        try {
            crawler.close();
        } catch (RuntimeException e) {
            first = e;
        }
        closeRest(first);
        if (first != null) throw first;
    }

    private void closeRest(RuntimeException failure) {
        for (AutoCloseable a : attached.reversed()) closeQuietly(a, failure);
        if (outputs != null) closeQuietly(outputs, failure);
    }

    /** Writes the crawler's cookies to the file (whole, or not at all), and returns why it could not. */
    private RuntimeException saveCookies() {
        if (saveCookies == null || crawler.cookies() == null) return null;
        Path tmp = saveCookies.resolveSibling(saveCookies.getFileName() + ".tmp");
        try {
            Files.writeString(tmp, crawler.cookies().toNetscape(), StandardCharsets.UTF_8);
            Files.move(tmp, saveCookies, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return null;
        } catch (IOException e) {
            String why = e instanceof NoSuchFileException ? "its directory does not exist" : e.getMessage();
            return new CrawlException("--save-cookies: cannot write " + saveCookies + ": " + why, e);
        }
    }

    /** The state's failure in {@code e}'s causes, if any. */
    public static StateException stateCause(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof StateException s) return s;
        }
        return null;
    }

    private static void close(AutoCloseable c) {
        try {
            c.close();
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    static void closeQuietly(AutoCloseable c, Throwable into) {
        try {
            c.close();
        } catch (Exception e) {
            if (into != null && into != e) into.addSuppressed(e);
        }
    }
}
