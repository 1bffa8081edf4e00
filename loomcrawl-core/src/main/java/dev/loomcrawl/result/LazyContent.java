package dev.loomcrawl.result;

import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * A page's {@link PageContent}, made the first time it is asked for and kept for the others: by the crawl as it reads
 * the page when a content output is open and nothing is rendered (but for a noindex page), else by the first listener
 * or output that asks. A crawl that nobody asks for content pays nothing for it. What makes it may throw or overflow
 * the stack on a hostile page; then there is no content ({@link #get} returns null and {@link #failure} says why), and
 * the page's record stands.
 */
public final class LazyContent {
    /** Dropped once used: what it holds (a page's tree, its bytes) is not kept with the content. */
    private Supplier<PageContent> make;
    private final ReentrantLock lock = new ReentrantLock(); // parks a virtual thread, where synchronized could pin it
    private boolean done;
    private PageContent content;
    private String failure;

    private LazyContent(Supplier<PageContent> make) {
        this.make = make;
    }

    /** Content made by {@code make}, once, when first asked for. */
    public static LazyContent of(Supplier<PageContent> make) {
        return new LazyContent(make);
    }

    /** The content, made now if it was not yet; null when making it failed. */
    public PageContent get() {
        lock.lock();
        try {
            if (!done) {
                try {
                    content = make.get();
                } catch (RuntimeException | StackOverflowError e) {
                    failure = e.toString();
                }
                done = true;
                make = null;
            }
            return content;
        } finally {
            lock.unlock();
        }
    }

    /** Whether the content was asked for already (made, or failed): then asking again costs nothing. */
    public boolean made() {
        lock.lock();
        try {
            return done;
        } finally {
            lock.unlock();
        }
    }

    /** Why making the content failed, or null when it did not (or was not tried yet). */
    public String failure() {
        lock.lock();
        try {
            return failure;
        } finally {
            lock.unlock();
        }
    }
}
