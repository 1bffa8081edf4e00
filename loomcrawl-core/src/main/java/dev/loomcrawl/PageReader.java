package dev.loomcrawl;

import dev.loomcrawl.content.Conversion;
import dev.loomcrawl.content.DocumentConverter;
import dev.loomcrawl.extract.CssLinks;
import dev.loomcrawl.extract.LinkExtractor;
import dev.loomcrawl.extract.ParsedPage;
import dev.loomcrawl.fetch.ContentType;
import dev.loomcrawl.fetch.FetchResult;
import dev.loomcrawl.frontier.Visit;
import dev.loomcrawl.internal.focus.Focus;
import dev.loomcrawl.internal.robots.RobotsDirectives;
import dev.loomcrawl.internal.sitemap.SitemapReader;
import dev.loomcrawl.reason.LinkReason;
import dev.loomcrawl.render.BrowserRequests;
import dev.loomcrawl.render.Renderer;
import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.result.FinishedUrl;
import dev.loomcrawl.result.LazyContent;
import dev.loomcrawl.result.PageContent;
import dev.loomcrawl.scrape.Item;
import dev.loomcrawl.scrape.PageHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Instant;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Page reading: what a fetched response leads to. Each kind of response has its reader, which says what it read as
 * a {@link Reading}: an HTML page ({@link HtmlReader}: rendering, links, directives, content, scraping), a
 * stylesheet's links, a sitemap's entries; anything else is recorded as it is. The links the crawl follows are then
 * offered ({@link LinkAdmission}) and the URL's record made.
 */
final class PageReader {
    // logs as the crawler did before its parts were split out: log settings and readers name it
    private static final Logger log = LoggerFactory.getLogger(PageReader.class);

    private final CrawlConfig config;
    private final LinkAdmission links;
    private final Ledger ledger;
    private final DirectivesReader directives;
    private final HtmlReader html;
    private final DocumentReader documents;
    private Focus focus;
    private Runnable settled;

    PageReader(CrawlConfig config, LinkExtractor extractor, LinkAdmission links, Ledger ledger,
               BrowserRequests browserRequests, BooleanSupplier contentNeeded) {
        this.config = config;
        this.links = links;
        this.ledger = ledger;
        this.directives = DirectivesReader.of(config);
        this.html = new HtmlReader(extractor, config.limits().maxLinksPerPage(), directives, browserRequests,
                contentNeeded);
        this.documents = new DocumentReader(DocumentConverter.installed(), contentNeeded);
    }

    void pageHandler(PageHandler handler) {
        html.pageHandler(handler);
    }

    void renderer(Renderer renderer) {
        html.renderer(renderer);
    }

    /**
     * Judges each page read by {@code focus}: its links queued with their priorities, and {@code settled} run once
     * the focused crawl has read enough pages without a better passage.
     */
    void focus(Focus focus, Runnable settled) {
        this.focus = focus;
        this.settled = settled;
    }

    /** The renderer; null when pages are not rendered. */
    Renderer renderer() {
        return html.renderer();
    }

    /** Why a page could not be read, for its record: in words, not a Java class name. */
    static String inWords(Throwable e) {
        if (e instanceof StackOverflowError) return "the page is nested too deeply to read";
        String m = e.getMessage();
        return m == null || m.isBlank() ? "the page could not be read" : m;
    }

    /** What a response leads to: read by the reader of its kind, its links offered, its record made. */
    FinishedUrl read(Visit visit, FetchResult.Response response, Instant startedAt) {
        return switch (reading(visit, response)) {
            case Reading.Other o -> Records.finished(Records.of(visit, response, startedAt)
                    .withRobots(o.directives().label()).withNote(o.note()), response).withContent(o.content());
            case Reading.Failed f -> {
                log.warn("{}: extraction failed: {}", visit.url(), f.error().toString());
                yield Records.finished(Records.of(visit, response, startedAt).withRobots(f.directives().label())
                        .withNote("extraction failed: " + inWords(f.error())), response);
            }
            case Reading.Document d -> document(visit, response, startedAt, d);
            case Reading.Sitemap s -> sitemap(visit, response, startedAt, s.read());
            case Reading.Stylesheet css -> {
                LinkAdmission.LinkOffers offers = offer(visit, css.page(), css.directives(), null, null);
                yield Records.finished(record(visit, response, startedAt, css.page(), css.directives(), offers),
                        response, offers.found(), List.of());
            }
            case Reading.Html h -> page(visit, response, startedAt, h);
        };
    }

    /** The response read by the reader of its kind; a reader that throws is a {@link Reading.Failed}. */
    private Reading reading(Visit visit, FetchResult.Response response) {
        ContentType type = response.contentType();
        if (response.status() >= 400 && type.isHtml() && !visit.sitemap() && response.undecodedEncoding() == null) {
            return new Reading.Other(directives.read(response, List.of()), null, html.errorContent(visit, response));
        }
        DocumentConverter converter = response.status() == 200 && response.undecodedEncoding() == null
                && !visit.sitemap() ? documents.converterOf(type) : null;
        if (converter != null) {
            return new Reading.Document(directives.read(response, List.of()),
                    documents.read(converter, visit, response));
        }
        if (response.status() != 200 || !type.isHtml() && !type.isCss() && !visit.sitemap()) {
            return new Reading.Other(directives.read(response, List.of()), null);
        }
        if (response.undecodedEncoding() != null) { // a body we cannot decode is not read as what it claims
            return new Reading.Other(directives.read(response, List.of()), "body not read: Content-Encoding "
                    + response.undecodedEncoding() + " is not one loomcrawl decodes");
        }
        if (visit.sitemap()) {
            return new Reading.Sitemap(SitemapReader.read(response, config.http().maxBodyBytes(),
                    config.limits().maxLinksPerPage()));
        }
        try {
            if (type.isCss()) {
                ParsedPage page = CssLinks.extract(response.body(), type.charset(), visit.url(),
                        config.limits().maxLinksPerPage()).keepingLinks(config.limits().maxLinksPerPage());
                return new Reading.Stylesheet(page, directives.read(response, page.robotsMeta()));
            }
            return html.read(visit, response);
        } catch (RuntimeException | StackOverflowError e) { // the page is recorded, whatever its content does
            return new Reading.Failed(e, directives.read(response, List.of()));
        }
    }

    /** An HTML page's links offered, its record with its facts, rendering, subresources, content and anchors. */
    private FinishedUrl page(Visit visit, FetchResult.Response response, Instant startedAt, Reading.Html h) {
        LinkAdmission.LinkOffers offers;
        if (focus == null) {
            offers = offer(visit, h.page(), h.directives(), h.scraped(), null);
        } else {
            PageContent content = h.content() == null ? null : h.content().get();
            float relevance = focus.relevance(h.page().facts().title(), content == null ? null : content.text());
            String text = ContentType.decode(response.body(), h.page().charset());
            offers = offer(visit, h.page(), h.directives(), h.scraped(), focus.priorities(visit, text, relevance));
            if (focus.pageRead(visit.url(), relevance)) settled.run();
        }
        CrawlRecord record = record(visit, response, startedAt, h.page(), h.directives(), offers)
                .withFacts(h.page().facts()).withRendering(h.rendered() != null, h.renderReason());
        List<Item> items = h.scraped() == null ? List.of() : h.scraped().items();
        FinishedUrl finished = Records.finished(record, response, offers.found(), items);
        if (h.rendered() != null) finished = finished.withSubresources(h.rendered().exchanges());
        finished = finished.withContent(h.content());
        return h.page().anchors().isEmpty() ? finished : finished.withAnchors(h.page().anchors());
    }

    /** A document that is not HTML: its record says what it is (title, author) or why it has no text. */
    private static FinishedUrl document(Visit visit, FetchResult.Response response, Instant startedAt,
                                       Reading.Document d) {
        CrawlRecord record = Records.of(visit, response, startedAt).withRobots(d.directives().label());
        return switch (d.conversion()) {
            case Conversion.Text t -> Records.finished(record.withFacts(t.content().facts()).withNote(t.note()),
                    response).withContent(LazyContent.of(t::content));
            case Conversion.Unreadable u -> {
                log.warn("{}: {}", visit.url(), u.note());
                yield Records.finished(record.withNote(u.note()), response);
            }
        };
    }

    private LinkAdmission.LinkOffers offer(Visit visit, ParsedPage page, RobotsDirectives robots,
                                           dev.loomcrawl.scrape.Page scraped, Focus.Priorities priorities) {
        if (page.linksCut() > 0) ledger.unfollowed(LinkReason.MAX_LINKS_PER_PAGE, page.linksCut());
        return links.offerLinks(visit, page.links(), robots.nofollow(), scraped, Visit.Kind.PAGE, priorities);
    }

    private static CrawlRecord record(Visit visit, FetchResult.Response response, Instant startedAt, ParsedPage page,
                                      RobotsDirectives robots, LinkAdmission.LinkOffers offers) {
        return Records.of(visit, response, startedAt, null, page.charset(), offers.kept(), offers.fresh())
                .withRobots(robots.label()).withNote(page.cutNote());
    }

    /** A sitemap's entries: further sitemaps (of an index) or pages, offered like a page's links. */
    private FinishedUrl sitemap(Visit visit, FetchResult.Response response, Instant startedAt,
                                SitemapReader.Read read) {
        if (read.problem() != null) log.warn("{}: {}", visit.url(), read.problem());
        if (read.cut() > 0) ledger.unfollowed(LinkReason.MAX_SITEMAP_ENTRIES, read.cut());
        LinkAdmission.LinkOffers offers = links.offerLinks(visit, read.links(), false, null,
                read.index() ? Visit.Kind.SITEMAP : Visit.Kind.PAGE,
                focus == null ? null : focus.priorities(visit, null, 0f));
        return Records.finished(Records.of(visit, response, startedAt, null, Records.charsetOrDefault(response),
                offers.kept(), offers.fresh()).withNote(read.problem()), response, offers.found(), List.of());
    }
}
