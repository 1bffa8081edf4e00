package dev.loomcrawl;

import dev.loomcrawl.result.CrawlListener;
import dev.loomcrawl.result.FinishedUrl;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The crawl's listeners, told of each finished URL once it is durable, in the order they were added. The first one
 * that throws stops the crawl ({@code onFailure}, once); the crawl then ends with its failure.
 */
final class Listeners {
    private static final Logger log = LoggerFactory.getLogger(Listeners.class);
    private final List<CrawlListener> listeners = new CopyOnWriteArrayList<>();
    private final AtomicReference<RuntimeException> failure = new AtomicReference<>();
    private final Runnable onFailure;

    Listeners(List<CrawlListener> first, Runnable onFailure) {
        listeners.addAll(first);
        this.onFailure = onFailure;
    }

    void add(CrawlListener listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    /** Hands one finished URL, already durable, to every listener. */
    void deliver(FinishedUrl finished) {
        for (CrawlListener listener : listeners) {
            try {
                listener.onFinished(finished);
            } catch (RuntimeException e) {
                if (failure.compareAndSet(null, e)) {
                    // the crawl throws it once the fetches in flight are done; the caller reports it (once)
                    log.debug("stopping the crawl: a listener failed on {}: {}", finished.record().url(),
                            e.toString());
                    onFailure.run();
                }
            }
        }
    }

    /** The first listener's failure, or null. */
    RuntimeException failure() {
        return failure.get();
    }
}
