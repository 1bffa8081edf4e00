package dev.loomcrawl.render.chromium;

import dev.loomcrawl.config.RenderChoice;
import dev.loomcrawl.scope.UrlPattern;
import dev.loomcrawl.url.WebUrl;

import java.time.Duration;

/**
 * How pages are rendered.
 *
 * @param include   only URLs in which this is found are rendered; null: every HTML page ({@code --render})
 * @param timeout   the longest wait for the load event and network idle, and again after each scroll
 * @param scrolls   times the page is scrolled to its bottom, each followed by a wait for network idle
 * @param tasks     pages rendered at once (tabs of the one browser)
 * @param resources let images, media and fonts load (blocked by default: they cost time and add no links)
 * @param auto      {@code --render auto}: the crawl decides page by page from the HTML the server sent
 *                  ({@link dev.loomcrawl.render.AutoRender}); the browser starts with the first page to render
 * @param pagesPerBrowser pages a browser is given before a new one takes over (it ends when its last page is done),
 *                  so that what a long-running browser gathers is let go; {@link #PAGES_PER_BROWSER} by default
 * @param afterLoad how long after its load event a page is given before its DOM is taken (then it is let settle
 *                  again): a request's own wait (Firecrawl's {@code waitFor}), zero by default
 */
public record RenderSettings(UrlPattern include, Duration timeout, int scrolls, int tasks, boolean resources,
                             boolean auto, int pagesPerBrowser, Duration afterLoad) {
    public static final Duration TIMEOUT = Duration.ofSeconds(15);
    public static final int TASKS = 2;
    /** Pages per browser by default. */
    public static final int PAGES_PER_BROWSER = 1000;

    public RenderSettings {
        if (timeout == null || !timeout.isPositive()) {
            throw new IllegalArgumentException("timeout must be a positive duration, got " + timeout);
        }
        if (scrolls < 0 || scrolls > 1000) {
            throw new IllegalArgumentException("scrolls must be between 0 and 1000, got " + scrolls);
        }
        if (tasks < 1 || tasks > 64) throw new IllegalArgumentException("tasks must be between 1 and 64, got " + tasks);
        if (auto && include != null) throw new IllegalArgumentException("auto decides every page: no include");
        if (pagesPerBrowser < 1) throw new IllegalArgumentException("pagesPerBrowser must be 1 or more");
        if (afterLoad == null || afterLoad.isNegative()) {
            throw new IllegalArgumentException("afterLoad must not be negative, got " + afterLoad);
        }
    }

    /**
     * What a crawl job's render settings ({@link RenderChoice}: options, a configuration file's, a service request's)
     * ask for, or null (neither render nor render-include); a bad value or combination throws
     * IllegalArgumentException naming it by its option.
     */
    public static RenderSettings of(RenderChoice c) {
        boolean all = c.mode() != null;
        boolean auto = c.mode() == RenderChoice.Mode.AUTO;
        if (!all && c.include() == null) {
            if (c.timeout() != null || c.scrolls() != null || c.tasks() != null || c.resources()) {
                throw new IllegalArgumentException("--render-timeout, --render-scroll, --render-tasks and "
                        + "--render-resources need --render or --render-include");
            }
            return null;
        }
        if (all && c.include() != null) {
            throw new IllegalArgumentException((auto ? "--render auto decides for" : "--render renders")
                    + " every page: give it or --render-include, not both");
        }
        UrlPattern pattern;
        try {
            pattern = c.include() == null ? null : UrlPattern.compile(c.include());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--render-include " + e.getMessage());
        }
        if (c.timeout() != null && !c.timeout().isPositive()) {
            throw new IllegalArgumentException("--render-timeout must be a positive duration, got " + c.timeout());
        }
        if (c.scrolls() != null && (c.scrolls() < 0 || c.scrolls() > 1000)) {
            throw new IllegalArgumentException("--render-scroll must be between 0 and 1000, got " + c.scrolls());
        }
        if (c.tasks() != null && (c.tasks() < 1 || c.tasks() > 64)) {
            throw new IllegalArgumentException("--render-tasks must be between 1 and 64, got " + c.tasks());
        }
        return new RenderSettings(pattern, c.timeout() == null ? TIMEOUT : c.timeout(),
                c.scrolls() == null ? 0 : c.scrolls(), c.tasks() == null ? TASKS : c.tasks(), c.resources(), auto);
    }

    /** As the user chose, with {@link #PAGES_PER_BROWSER}. */
    public RenderSettings(UrlPattern include, Duration timeout, int scrolls, int tasks, boolean resources, boolean auto) {
        this(include, timeout, scrolls, tasks, resources, auto, PAGES_PER_BROWSER, Duration.ZERO);
    }

    /** The same, with a new browser every {@code pages} pages. */
    public RenderSettings withPagesPerBrowser(int pages) {
        return new RenderSettings(include, timeout, scrolls, tasks, resources, auto, pages, afterLoad);
    }

    /** The same, each page given {@code afterLoad} after its load event before its DOM is taken. */
    public RenderSettings withAfterLoad(Duration afterLoad) {
        return new RenderSettings(include, timeout, scrolls, tasks, resources, auto, pagesPerBrowser, afterLoad);
    }

    /** Every page, or those of {@code include}, as the user chose them. */
    public RenderSettings(UrlPattern include, Duration timeout, int scrolls, int tasks, boolean resources) {
        this(include, timeout, scrolls, tasks, resources, false);
    }

    /** Every HTML page, with the defaults: 15 s, no scrolling, 2 pages at once, images and fonts blocked. */
    public static RenderSettings everyPage() {
        return new RenderSettings(null, TIMEOUT, 0, TASKS, false);
    }

    /** {@code --render auto}, with the defaults. */
    public static RenderSettings automatic() {
        return new RenderSettings(null, TIMEOUT, 0, TASKS, false, true);
    }

    public boolean wants(WebUrl url) {
        return include == null || include.foundIn(url.toString());
    }
}
