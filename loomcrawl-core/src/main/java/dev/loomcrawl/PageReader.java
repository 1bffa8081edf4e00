package dev.loomcrawl;

import dev.loomcrawl.content.PageContents;
import dev.loomcrawl.extract.CssLinks;
import dev.loomcrawl.extract.LinkExtractor;
import dev.loomcrawl.extract.PageFacts;
import dev.loomcrawl.extract.PageTree;
import dev.loomcrawl.extract.ParsedPage;
import dev.loomcrawl.result.LazyContent;
import dev.loomcrawl.url.WebUrl;
import dev.loomcrawl.fetch.ContentType;
import dev.loomcrawl.fetch.FetchResult;
import dev.loomcrawl.frontier.Visit;
import dev.loomcrawl.extract.Link;
import dev.loomcrawl.render.AutoRender;
import dev.loomcrawl.render.BrowserRequests;
import dev.loomcrawl.render.RenderSignals;
import dev.loomcrawl.render.Renderer;
import dev.loomcrawl.render.Rendering;
import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.result.FinishedUrl;
import dev.loomcrawl.robots.RobotsDirectives;
import dev.loomcrawl.scrape.Item;
import dev.loomcrawl.scrape.Page;
import dev.loomcrawl.scrape.PageHandler;
import dev.loomcrawl.sitemap.SitemapReader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Semaphore;
import java.util.function.BooleanSupplier;

/**
 * Page reading: what a fetched response leads to. An HTML page is rendered (when the renderer wants it), its links
 * extracted, its robots directives read and the page scraped; a stylesheet's links and a sitemap's entries are read
 * too; the links the crawl follows are offered ({@link LinkAdmission}). Other responses are recorded as they are.
 */
final class PageReader {
    // logs as the crawler did before its parts were split out: log settings and readers name it
    private static final Logger log = LoggerFactory.getLogger(Crawler.class);

    private final CrawlConfig config;
    private final LinkExtractor extractor;
    private final LinkAdmission links;
    private final Ledger ledger;
    private final BrowserRequests browserRequests;
    private final String agentToken;
    private final BooleanSupplier contentNeeded;
    private volatile PageHandler pageHandler;
    private volatile Renderer renderer;
    /** {@code --render auto}'s decisions and what it learned; one per crawl. */
    private final AutoRender autoRender = new AutoRender();
    /**
     * Pages whose content an output reads are read and made into content by at most one worker per processor at a
     * time ({@link #extract}): both steps are work for the CPU alone, and a page's tree then goes to its content while
     * it is fresh, not behind other pages' (decision 33).
     */
    private final Semaphore reading = new Semaphore(Runtime.getRuntime().availableProcessors());

    PageReader(CrawlConfig config, LinkExtractor extractor, LinkAdmission links, Ledger ledger,
               BrowserRequests browserRequests, BooleanSupplier contentNeeded) {
        this.contentNeeded = contentNeeded;
        this.config = config;
        this.extractor = extractor;
        this.links = links;
        this.ledger = ledger;
        this.browserRequests = browserRequests;
        this.agentToken = RobotsDirectives.agentToken(config.userAgent());
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

    /**
     * Extracts the links of an HTML page or a stylesheet (or the entries of a sitemap) and offers those the crawl
     * follows; other responses are recorded as they are.
     */
    FinishedUrl read(Visit visit, FetchResult.Response response, Instant startedAt) {
        ContentType type = response.contentType();
        RobotsDirectives directives = directives(response, List.of());
        if (response.status() != 200 || !type.isHtml() && !type.isCss() && !visit.sitemap()) {
            return Records.finished(Records.of(visit, response, startedAt).withRobots(directives.label()), response);
        }
        if (response.undecodedEncoding() != null) { // a body we cannot decode is not read as what it claims
            return Records.finished(Records.of(visit, response, startedAt).withRobots(directives.label())
                    .withNote("body not read: Content-Encoding " + response.undecodedEncoding()
                            + " is not one loomcrawl decodes"), response);
        }
        if (visit.sitemap()) return readSitemap(visit, response, startedAt);
        Extracted x;
        try {
            x = extract(visit, response);
        } catch (RuntimeException | StackOverflowError e) { // the page is recorded, whatever its content does
            return extractionFailed(visit, response, startedAt, e, directives);
        }
        ParsedPage page = x.page;
        if (page.linksCut() > 0) ledger.unfollowed("max-links-per-page", page.linksCut());
        LinkAdmission.LinkOffers offers = links.offerLinks(visit, page.links(), x.directives.nofollow(), x.scraped,
                Visit.Kind.PAGE);
        CrawlRecord record = Records.of(visit, response, startedAt, null, page.charset(), offers.kept(),
                offers.fresh()).withRobots(x.directives.label()).withNote(page.cutNote());
        List<Item> items = x.scraped == null ? List.of() : x.scraped.items();
        if (x.html == null) return Records.finished(record, response, offers.found(), items); // a stylesheet
        record = record.withFacts(page.facts()).withRendering(x.rendered != null, x.renderReason);
        FinishedUrl finished = Records.finished(record, response, offers.found(), items);
        if (x.rendered != null) finished = finished.withSubresources(x.rendered.exchanges());
        finished = finished.withContent(x.content);
        return page.anchors().isEmpty() ? finished : finished.withAnchors(page.anchors());
    }

    /**
     * What the page says, made when first asked for ({@link #extract} asks when an output reads content and nothing is
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
     * What reading a page came to: its links (cut to the bound), directives, scrape, the browser's page, why it was
     * rendered or not (null when the crawl renders nothing), and its content (null for a stylesheet), perhaps made.
     */
    private record Extracted(ParsedPage page, RobotsDirectives directives, Page scraped, Rendering.Rendered rendered,
                             byte[] html, String renderReason, LazyContent content) {}

    /** The page as read: its HTML (the browser's DOM when rendered), what was read from it, and why. */
    private record Read(Rendering.Rendered rendered, byte[] html, ParsedPage page, String renderReason) {}

    /**
     * Renders (if wanted), extracts, reads the robots directives and scrapes an HTML page or a stylesheet. When an
     * output reads pages' content and nothing is rendered, the page's content is made here, right after its link
     * pass, and the two together wait for one of the {@link #reading} permits; a noindex page's is left to the
     * output that asks for it anyway. The extractor (perhaps a caller's) runs inside that bound; rendering and the
     * page handler (a caller's code) outside it.
     */
    private Extracted extract(Visit visit, FetchResult.Response response) {
        ContentType type = response.contentType();
        boolean css = type.isCss();
        boolean bounded = !css && renderer == null && contentNeeded.getAsBoolean();
        if (bounded) reading.acquireUninterruptibly();
        Read read;
        ParsedPage page;
        RobotsDirectives directives;
        LazyContent content;
        try {
            read = css ? new Read(null, null, CssLinks.extract(response.body(), type.charset(), visit.url(),
                    config.limits().maxLinksPerPage()), null) : readHtml(visit, response);
            page = read.page.keepingLinks(config.limits().maxLinksPerPage()); // a caller's extractor keeps all
            directives = directives(response, page.robotsMeta());
            WebUrl base = read.rendered == null ? visit.url() : read.rendered.base();
            content = css ? null : content(base, read.html, page);
            if (bounded && !directives.noindex()) content.get();
        } finally {
            if (bounded) reading.release();
        }
        Page scraped = css ? null : scrape(visit, response.status(), read.html, page);
        return new Extracted(page, directives, scraped, read.rendered, read.html, read.renderReason, content);
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
     * A page whose content broke extraction (a parser's exception, a stack overflow): recorded with its status
     * and the error, without links; the crawl goes on.
     */
    private FinishedUrl extractionFailed(Visit visit, FetchResult.Response response, Instant startedAt,
                                         Throwable e, RobotsDirectives headerDirectives) {
        log.warn("{}: extraction failed: {}", visit.url(), e.toString());
        CrawlRecord record = Records.of(visit, response, startedAt)
                .withRobots(headerDirectives.label()).withNote("extraction failed: " + e);
        return Records.finished(record, response);
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

    /** A sitemap's entries: further sitemaps (of an index) or pages, offered like a page's links. */
    private FinishedUrl readSitemap(Visit visit, FetchResult.Response response, Instant startedAt) {
        SitemapReader.Read read = SitemapReader.read(response, config.maxBodyBytes(),
                config.limits().maxLinksPerPage());
        if (read.problem() != null) log.warn("{}: {}", visit.url(), read.problem());
        if (read.cut() > 0) ledger.unfollowed("max-sitemap-entries", read.cut());
        LinkAdmission.LinkOffers offers = links.offerLinks(visit, read.links(), false, null,
                read.index() ? Visit.Kind.SITEMAP : Visit.Kind.PAGE);
        return Records.finished(Records.of(visit, response, startedAt, null, Records.charsetOrDefault(response),
                offers.kept(), offers.fresh()).withNote(read.problem()), response, offers.found(), List.of());
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

    /** The response's robots directives (X-Robots-Tag, and the page's robots metas), unless told to ignore them. */
    private RobotsDirectives directives(FetchResult.Response response, List<String> metas) {
        if (config.politeness().ignoreDirectives()) return RobotsDirectives.NONE;
        return RobotsDirectives.of(metas, response.headers(), agentToken);
    }
}
