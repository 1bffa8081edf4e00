package dev.loomcrawl;

import dev.loomcrawl.content.Conversion;
import dev.loomcrawl.extract.ParsedPage;
import dev.loomcrawl.render.Rendering;
import dev.loomcrawl.result.LazyContent;
import dev.loomcrawl.internal.robots.RobotsDirectives;
import dev.loomcrawl.scrape.Page;
import dev.loomcrawl.internal.sitemap.SitemapReader;

/** What reading one fetched response came to, by its kind: what {@link PageReader} makes the URL's record of. */
sealed interface Reading {
    /**
     * An HTML page: its links (cut to the bound), robots directives, the page handler's scrape (null without a
     * handler), the browser's page (null when not rendered), why it was rendered or not (null when the crawl renders
     * nothing) and its content, perhaps made.
     */
    record Html(ParsedPage page, RobotsDirectives directives, Page scraped, Rendering.Rendered rendered,
                String renderReason, LazyContent content) implements Reading {}

    /**
     * A document that is not HTML (a PDF, JSON), read by its converter because an output reads content: its content,
     * or why it has none.
     */
    record Document(RobotsDirectives directives, Conversion conversion) implements Reading {}

    /** A stylesheet: its links, cut to the bound. */
    record Stylesheet(ParsedPage page, RobotsDirectives directives) implements Reading {}

    /** A sitemap: its entries (further sitemaps, or pages). */
    record Sitemap(SitemapReader.Read read) implements Reading {}

    /**
     * Anything else, recorded as it is; {@code note} says why its body was not read, or is null. An HTML error page
     * (a status of 400 or more) has its content when an output reads content, that its kind may say what it is
     * ({@code result.PageKind}); {@code content} is null otherwise.
     */
    record Other(RobotsDirectives directives, String note, LazyContent content) implements Reading {
        Other(RobotsDirectives directives, String note) {
            this(directives, note, null);
        }
    }

    /** A page or stylesheet whose reading threw (a parser's exception, a stack overflow): recorded with the error. */
    record Failed(Throwable error, RobotsDirectives directives) implements Reading {}
}
