package dev.loomcrawl;

import dev.loomcrawl.content.PageContents;
import dev.loomcrawl.extract.Link;
import dev.loomcrawl.extract.LinkExtractor;
import dev.loomcrawl.extract.PageFacts;
import dev.loomcrawl.extract.PageTree;
import dev.loomcrawl.extract.ParsedPage;
import dev.loomcrawl.fetch.FetchResult;
import dev.loomcrawl.frontier.Visit;
import dev.loomcrawl.render.AutoRender;
import dev.loomcrawl.render.BrowserRequests;
import dev.loomcrawl.render.RenderSignals;
import dev.loomcrawl.render.Renderer;
import dev.loomcrawl.render.Rendering;
import dev.loomcrawl.result.LazyContent;
import dev.loomcrawl.internal.robots.RobotsDirectives;
import dev.loomcrawl.scrape.Page;
import dev.loomcrawl.scrape.PageHandler;
import dev.loomcrawl.url.WebUrl;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.Semaphore;
import java.util.function.BooleanSupplier;

/**
 * Reads an HTML page: renders it when the renderer wants it (with {@code --render auto}, when its served HTML shows
 * it needs a browser), extracts its links, reads its robots directives, makes its content and runs the page handler.
 * Pages whose content an output reads are read and made into content by at most one worker per processor at a time
 * (decision 33).
 */
final class HtmlReader {
    // logs as the crawler did before its parts were split out: log settings and readers name it
    private static final Logger log = LoggerFactory.getLogger(HtmlReader.class);

    private final LinkExtractor extractor;
    private final int maxLinks;
    private final DirectivesReader directives;
    private final BrowserRequests browserRequests;
    private final BooleanSupplier contentNeeded;
    private volatile PageHandler pageHandler;
    private volatile Renderer renderer;
    /** {@code --render auto}'s decisions and what it learned; one per crawl. */
    private final AutoRender autoRender = new AutoRender();
    /**
     * Pages whose content an output reads are read and made into content by at most one worker per processor at a
     * time ({@link #read}): both steps are work for the CPU alone, and a page's tree then goes to its content while
     * it is fresh, not behind other pages' (decision 33).
     */
    private final Semaphore reading = new Semaphore(Runtime.getRuntime().availableProcessors());

    HtmlReader(LinkExtractor extractor, int maxLinks, DirectivesReader directives, BrowserRequests browserRequests,
               BooleanSupplier contentNeeded) {
        this.extractor = extractor;
        this.maxLinks = maxLinks;
        this.directives = directives;
        this.browserRequests = browserRequests;
        this.contentNeeded = contentNeeded;
    }

    void pageHandler(PageHandler handler) {
        this.pageHandler = handler;
    }

    void renderer(Renderer renderer) {
        this.renderer = renderer;
    }

    /** The renderer; null when pages are not rendered. */
    Renderer renderer() {
        return renderer;
    }

    /** The page as served or rendered, its page as read. */
    private record Read(Rendering.Rendered rendered, byte[] html, ParsedPage page, String renderReason) {}

    /**
     * Renders (if wanted), extracts, reads the robots directives and scrapes an HTML page. When an output reads
     * pages' content and nothing is rendered, the page's content is made here, right after its link pass, and the two
     * together wait for one of the {@link #reading} permits; a noindex page's is left to the output that asks for it
     * anyway. The extractor (perhaps a caller's) runs inside that bound; rendering and the page handler (a caller's
     * code) outside it.
     */
    Reading.Html read(Visit visit, FetchResult.Response response) {
        boolean bounded = renderer == null && contentNeeded.getAsBoolean();
        if (bounded) reading.acquireUninterruptibly();
        Read read;
        ParsedPage page;
        RobotsDirectives robots;
        LazyContent content;
        try {
            read = readHtml(visit, response);
            page = read.page.keepingLinks(maxLinks); // a caller's extractor keeps all
            robots = directives.read(response, page.robotsMeta());
            content = content(read.rendered == null ? visit.url() : read.rendered.base(), read.html, page);
            if (bounded && !robots.noindex()) content.get();
        } finally {
            if (bounded) reading.release();
        }
        Page scraped = scrape(visit, response.status(), read.html, page);
        return new Reading.Html(page, robots, scraped, read.rendered, read.renderReason, content);
    }

    /**
     * An HTML error page's content (a status of 400 or more), when an output reads content, else null: made when
     * first asked for, from the page's link pass (its facts and tree; its links are not followed), with its status,
     * so that its kind says what it is (an error, or a wall: {@code content.PageKinds}).
     */
    LazyContent errorContent(Visit visit, FetchResult.Response response) {
        if (!contentNeeded.getAsBoolean()) return null;
        String base = visit.url().toString();
        return LazyContent.of(() -> {
            ParsedPage page = extractor.extract(response.body(), response.contentType().charset(), visit.url(), true);
            PageTree tree = page.tree() != null ? page.tree() : PageTree.parse(response.body(), page.charset(), base);
            return PageContents.of(tree, base, page.facts(), response.status());
        });
    }

    /**
     * What the page says, made when first asked for ({@link #read} asks when an output reads content and nothing is
     * rendered, but for a noindex page; else the first output or listener that asks): from the tree the link pass
     * recorded when content was said to be needed, else from the HTML its links were read from (the browser's DOM when
     * rendered), in the same charset, against the same base URL ({@code url}).
     */
    private static LazyContent content(WebUrl url, byte[] html, ParsedPage page) {
        String base = url.toString();
        PageFacts facts = page.facts();
        PageTree tree = page.tree();
        if (tree != null) return LazyContent.of(() -> PageContents.of(tree, base, facts));
        String charset = page.charset();
        return LazyContent.of(() -> PageContents.read(html, charset, base, facts));
    }

    /**
     * Whether the link pass should record the page's tree: when an output or listener reads content, or on a
     * re-crawl, whose change check reads the main text of a page whose bytes changed.
     */
    private boolean tree(Visit visit) {
        return contentNeeded.getAsBoolean() || visit.last() != null;
    }

    /**
     * An HTML page read: rendered first when the renderer wants it; with {@code --render auto}, read as the server
     * sent it, then rendered and read again when {@link AutoRender} says its HTML needs a browser.
     */
    private Read readHtml(Visit visit, FetchResult.Response response) {
        Renderer r = renderer;
        String charset = response.contentType().charset();
        if (r == null || !r.decides()) {
            boolean wanted = r != null && r.wants(visit.url());
            Rendering.Rendered rendered = wanted ? render(visit, response, r) : null;
            if (rendered == null) {
                String why = !wanted ? null : "rendering failed";
                return new Read(null, response.body(), extractor.extract(response.body(), charset, visit.url(),
                        tree(visit)), why);
            }
            return new Read(rendered, rendered.htmlBytes(), extractor.extract(rendered.htmlBytes(), "utf-8",
                    rendered.base(), tree(visit)), r.reason());
        }
        ParsedPage served = extractor.extract(response.body(), charset, visit.url(), true);
        RenderSignals before = RenderSignals.of(treeOf(served, response.body(), visit.url()), served.links().size());
        AutoRender.Verdict verdict = autoRender.decide(visit.url(), before);
        Rendering.Rendered rendered = verdict.render() ? render(visit, response, r) : null;
        if (rendered == null) {
            String why = verdict.render() ? "rendering failed (" + verdict.reason() + ")" : verdict.reason();
            return new Read(null, response.body(), served, why);
        }
        byte[] dom = rendered.htmlBytes();
        ParsedPage page = extractor.extract(dom, "utf-8", rendered.base(), true);
        RenderSignals after = RenderSignals.of(treeOf(page, dom, rendered.base()), page.links().size());
        autoRender.rendered(visit.url(), before, after, newLinks(served, page));
        return new Read(rendered, dom, page, verdict.reason());
    }

    /** The page's tree: the one its link pass recorded, or (an extractor of the caller's keeps none) jsoup's. */
    private static PageTree treeOf(ParsedPage page, byte[] html, WebUrl url) {
        return page.tree() != null ? page.tree() : PageTree.parse(html, page.charset(), url.toString());
    }

    /** How many of the rendered page's link targets its served HTML did not have. */
    private static int newLinks(ParsedPage served, ParsedPage rendered) {
        Set<WebUrl> before = new HashSet<>();
        for (Link l : served.links()) before.add(l.target());
        int fresh = 0;
        for (Link l : rendered.links()) {
            if (!before.contains(l.target())) fresh++;
        }
        return fresh;
    }

    /**
     * The page as a browser leaves it, when it is to be rendered; null when it is not, or could not be (then the
     * server's HTML stands, and the record does not say rendered).
     */
    private Rendering.Rendered render(Visit visit, FetchResult.Response response, Renderer r) {
        return switch (r.render(response, browserRequests)) {
            case Rendering.Rendered rendered -> rendered;
            case Rendering.Failed failed -> {
                log.warn("{} not rendered: {}", visit.url(), failed.reason());
                yield null;
            }
        };
    }

    /** Runs the page handler, if there is one; a handler that throws loses that page's items, nothing else. */
    private Page scrape(Visit visit, int status, byte[] html, ParsedPage parsed) {
        PageHandler handler = pageHandler;
        if (handler == null) return null;
        Page page = new Page(visit.url(), status, html, parsed.charset(), parsed.links());
        try {
            handler.handle(page);
        } catch (RuntimeException e) {
            log.error("page handler failed on {}: {}", visit.url(), e.toString());
        }
        return page;
    }
}
