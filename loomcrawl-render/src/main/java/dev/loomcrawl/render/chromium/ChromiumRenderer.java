package dev.loomcrawl.render.chromium;

import dev.loomcrawl.fetch.FetchResult;
import dev.loomcrawl.render.BrowserRequests;
import dev.loomcrawl.render.Renderer;
import dev.loomcrawl.render.Rendering;
import dev.loomcrawl.url.WebUrl;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A {@link Renderer} on Debian's headless Chromium, driven over the DevTools protocol (decision 17): one browser
 * process for the crawl, at most {@code tasks} pages at once, each in a tab the browser kept from an earlier page
 * ({@link Tab}) or a new one. A browser that crashes,
 * is killed or stops answering is started again and its pages are tried once more; a page that fails twice is
 * left unrendered ({@link Rendering.Failed}). After {@link RenderSettings#pagesPerBrowser()} pages a browser is
 * retired: the next page starts a new one, and the old one ends when its last page is done.
 */
public final class ChromiumRenderer implements Renderer {
    private static final Logger log = LoggerFactory.getLogger(ChromiumRenderer.class);
    private static final Duration START_TIMEOUT = Duration.ofSeconds(30);
    /** How long a tab is given to go back to about:blank after its page, to be kept for the next. */
    private static final Duration RESET_WAIT = Duration.ofSeconds(2);
    private static final List<String> NAMES = List.of("chromium", "chromium-browser", "google-chrome");

    private final Path executable;
    private final RenderSettings settings;
    private final Semaphore tasks;
    private final AtomicReference<CompletableFuture<Chromium>> browser = new AtomicReference<>();
    private final AtomicBoolean closed = new AtomicBoolean();
    private final AtomicInteger starts = new AtomicInteger();
    private final AtomicInteger tabsOpened = new AtomicInteger();
    /** Browsers retired for their page count whose last pages are still being rendered. */
    private final Set<Chromium> retiring = ConcurrentHashMap.newKeySet();

    private ChromiumRenderer(Path executable, RenderSettings settings) {
        this.executable = executable;
        this.settings = settings;
        this.tasks = new Semaphore(settings.tasks(), true);
    }

    /**
     * Starts the browser now, so that a crawl that cannot render fails before it fetches anything: an
     * {@link IllegalStateException} whose message is one line saying how to install Chromium, or why it did not
     * start. With {@code --render auto} ({@link RenderSettings#auto()}) only the executable is looked for now, and
     * the browser starts when the first page needs it: a site none of whose pages does never starts one.
     */
    public static ChromiumRenderer start(RenderSettings settings) {
        return start(find(), settings);
    }

    /** Starts {@code executable} (null or not executable: Chromium is missing). */
    static ChromiumRenderer start(Path executable, RenderSettings settings) {
        if (executable == null || !Files.isExecutable(executable)) {
            throw new IllegalStateException("--render needs Chromium, and none was found (chromium on the PATH, or "
                    + "LOOMCRAWL_CHROMIUM): install it with 'apt-get install chromium'");
        }
        ChromiumRenderer renderer = new ChromiumRenderer(executable, settings);
        if (settings.auto()) return renderer;
        try {
            renderer.current(false); // no page is given to it: a page it was given would keep it from ending
        } catch (IOException e) {
            throw new IllegalStateException("--render: " + e.getMessage());
        }
        return renderer;
    }

    /**
     * The browser to run: {@code LOOMCRAWL_CHROMIUM}, else the first of chromium, chromium-browser and google-chrome
     * on the PATH; null when there is none.
     */
    public static Path find() {
        String given = System.getenv("LOOMCRAWL_CHROMIUM");
        if (given != null && !given.isBlank()) return Files.isExecutable(Path.of(given)) ? Path.of(given) : null;
        String path = System.getenv().getOrDefault("PATH", "/usr/bin:/bin");
        for (String name : NAMES) {
            for (String dir : path.split(java.io.File.pathSeparator)) {
                Path candidate = Path.of(dir.isEmpty() ? "." : dir, name);
                if (Files.isExecutable(candidate)) return candidate;
            }
        }
        return null;
    }

    @Override
    public boolean wants(WebUrl url) {
        return settings.wants(url);
    }

    @Override
    public boolean decides() {
        return settings.auto();
    }

    @Override
    public String reason() {
        return settings.include() == null ? "--render" : "--render-include";
    }

    @Override
    public Rendering render(FetchResult.Response page, BrowserRequests requests) {
        tasks.acquireUninterruptibly();
        try {
            String lastFailure = null;
            for (int attempt = 1; attempt <= 2; attempt++) {
                if (closed.get()) return new Rendering.Failed("the renderer is closed");
                Chromium chromium;
                try {
                    chromium = current(true);
                } catch (IOException e) {
                    return new Rendering.Failed(e.getMessage());
                }
                try {
                    return renderIn(chromium, page, requests);
                } catch (DevTools.BrowserGoneException e) {
                    lastFailure = e.getMessage();
                    log.warn("the browser failed rendering {} ({}); starting it again", page.url(), e.getMessage());
                    retire(chromium);
                } catch (DevTools.CommandException e) {
                    return new Rendering.Failed(e.getMessage());
                } finally {
                    if (chromium.done()) end(chromium); // the last page of a retired browser
                }
            }
            return new Rendering.Failed("the browser failed twice: " + lastFailure);
        } finally {
            tasks.release();
        }
    }

    /**
     * Renders the page in a tab the browser kept from an earlier page, or a new one; the tab is kept for the next
     * page when this page settled in time and the tab went back to about:blank, else closed.
     */
    private Rendering renderIn(Chromium chromium, FetchResult.Response page, BrowserRequests requests) {
        Duration commandTimeout = settings.timeout().plusSeconds(15);
        Tab tab = chromium.tab(commandTimeout);
        if (tab.pages++ == 0) tabsOpened.incrementAndGet();
        boolean keep = false;
        try {
            TabRender render = new TabRender(tab, settings, page, requests);
            Rendering rendered = render.run();
            keep = render.settled();
            return rendered;
        } finally {
            if (keep && tab.reset(RESET_WAIT)) chromium.keep(tab);
            else tab.close();
        }
    }

    /**
     * The running browser, given this page ({@link Chromium#take}) when {@code forPage}; if there is none, or it died,
     * or it was retired for its page count, one is started. One caller starts it, outside any lock; the others wait
     * for its future.
     */
    private Chromium current(boolean forPage) throws IOException {
        for (int tries = 0; tries < 6; tries++) {
            CompletableFuture<Chromium> running = browser.get();
            if (running != null) {
                Chromium c;
                try {
                    c = running.join();
                } catch (CompletionException e) {
                    browser.compareAndSet(running, null); // it did not start: the next caller tries again
                    throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
                }
                if (!c.alive()) {
                    retire(c);
                } else if (!forPage) {
                    return c;
                } else if (c.take(settings.pagesPerBrowser())) {
                    if (c.retired()) { // this page was its last: the next one starts a new browser
                        retiring.add(c);
                        browser.compareAndSet(running, null);
                    }
                    return c;
                } else {
                    browser.compareAndSet(running, null);
                }
                continue;
            }
            CompletableFuture<Chromium> mine = new CompletableFuture<>();
            if (!browser.compareAndSet(null, mine)) continue;
            try {
                starts.incrementAndGet();
                Chromium c = Chromium.start(executable, START_TIMEOUT, settings.tasks());
                log.debug("started {} (pid {})", executable, c.pid());
                mine.complete(c);
                if (closed.get()) c.close();
            } catch (IOException | RuntimeException e) {
                mine.completeExceptionally(e);
                browser.compareAndSet(mine, null);
                throw e;
            }
        }
        throw new IOException("the browser could not be kept running");
    }

    /** Ends a retired browser whose last page is done. */
    private void end(Chromium chromium) {
        retiring.remove(chromium);
        chromium.close();
    }

    /** Takes a dead or hung browser out of use (once) and ends what is left of it. */
    private void retire(Chromium chromium) {
        chromium.retire();
        retiring.remove(chromium);
        CompletableFuture<Chromium> running = browser.get();
        if (running != null && running.getNow(null) == chromium && browser.compareAndSet(running, null)) {
            chromium.close();
        }
    }

    /** The process id of the browser now running, or -1 (for tests that kill it). */
    long browserPid() {
        CompletableFuture<Chromium> running = browser.get();
        Chromium c = running == null ? null : running.getNow(null);
        return c == null ? -1 : c.pid();
    }

    /** How many browsers were started (for tests: one that renders nothing starts none). */
    int starts() {
        return starts.get();
    }

    /** How many tabs were opened (for tests: pages after the first in a tab are rendered in a kept one). */
    int tabsOpened() {
        return tabsOpened.get();
    }

    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) return;
        CompletableFuture<Chromium> running = browser.getAndSet(null);
        if (running != null && running.isDone() && !running.isCompletedExceptionally()) running.join().close();
        for (Chromium c : retiring) end(c);
    }
}
