package dev.loomcrawl.serve;

import dev.loomcrawl.fetch.FetchResult;
import dev.loomcrawl.render.BrowserRequests;
import dev.loomcrawl.render.Renderer;
import dev.loomcrawl.render.Rendering;
import dev.loomcrawl.render.chromium.ChromiumRenderer;
import dev.loomcrawl.render.chromium.RenderSettings;
import dev.loomcrawl.url.WebUrl;

import java.util.concurrent.Semaphore;

/**
 * The headless Chromium browsers the service runs: one for each rendering job while it runs, and one for each scrape
 * asked to render, at most {@code --max-jobs} at once (each with RenderSettings' tabs). A job waits for its browser;
 * a scrape finding none free is a 429. A machine without Chromium is told in one line, before anything is fetched.
 */
final class Browsers {
    private final Semaphore permits;

    Browsers(int max) {
        this.permits = new Semaphore(max, true);
    }

    /** A browser held, ended with the lease (not with a crawl that used it: a scrape's redirects are crawls too). */
    record Lease(ChromiumRenderer browser, Semaphore permits) implements AutoCloseable {
        /** The browser for a crawl's builder; the crawl's end leaves it running. */
        Renderer renderer() {
            return new Renderer() {
                @Override
                public boolean wants(WebUrl url) {
                    return browser.wants(url);
                }

                @Override
                public boolean decides() {
                    return browser.decides();
                }

                @Override
                public String reason() {
                    return browser.reason();
                }

                @Override
                public Rendering render(FetchResult.Response page, BrowserRequests requests) {
                    return browser.render(page, requests);
                }

                @Override
                public void close() {
                    // the lease's
                }
            };
        }

        @Override
        public void close() {
            try {
                browser.close();
            } finally {
                permits.release();
            }
        }
    }

    /** Whether the server has a Chromium to start ({@code chromium} on the PATH, or {@code LOOMCRAWL_CHROMIUM}). */
    static boolean available() {
        return ChromiumRenderer.find() != null;
    }

    /** Refuses at once (a 503) when there is no Chromium to start. */
    static void check() {
        if (!available()) {
            throw new ApiError(503, "rendering needs Chromium: none was found (chromium on the PATH, or "
                    + "LOOMCRAWL_CHROMIUM); install it with 'apt-get install chromium'");
        }
    }

    /**
     * A browser rendering as {@code mode} says (not {@link RenderMode#NEVER}): for a job, once one is free
     * ({@code wait}); for a scrape, at once or a 429. With {@link RenderMode#AUTO} the browser itself starts with
     * the first page that needs it.
     */
    Lease take(RenderMode mode, boolean wait) throws InterruptedException {
        return take(mode.settings(), wait);
    }

    /** A browser rendering as {@code settings} say (a native job's, as its request gave them). */
    Lease take(RenderSettings settings, boolean wait) throws InterruptedException {
        check();
        if (wait) {
            permits.acquire();
        } else if (!permits.tryAcquire()) {
            throw new ApiError(429, "too many pages being rendered at once (a browser each, at most --max-jobs "
                    + "browsers)", 5);
        }
        try {
            return new Lease(ChromiumRenderer.start(settings), permits);
        } catch (IllegalStateException e) {
            permits.release();
            throw new ApiError(503, "rendering needs Chromium: " + e.getMessage());
        } catch (RuntimeException e) {
            permits.release();
            throw e;
        }
    }
}
