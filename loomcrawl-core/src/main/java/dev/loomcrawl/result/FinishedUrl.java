package dev.loomcrawl.result;

import dev.loomcrawl.fetch.FetchResult;
import dev.loomcrawl.scrape.Item;

import java.util.Collections;
import java.util.List;
import java.util.Set;

/**
 * Everything the crawl made of one finished URL, handed on as one value: to the frontier, which makes it durable
 * ({@link dev.loomcrawl.frontier.Lease#done}), then to every {@link CrawlListener}.
 *
 * @param record   the URL's one record: fetched, failed, skipped, or a redirect
 * @param response the HTTP exchange behind the record (request and response headers, the body as received and
 *                 decoded); null when there was none (a network failure, a skip)
 * @param links    every link found on the page (HTML, a stylesheet, a sitemap), in document order, followed or
 *                 not; empty for other responses
 * @param items    what the page handler scraped from the page, in document order; empty without one
 * @param previous on a re-crawl, what the URL's capture in an earlier pass came to (what a WARC revisit record
 *                 refers to); null for a first capture
 * @param subresources a rendered page's exchanges: every response the crawl fetched for the browser while it
 *                 rendered the page (scripts, stylesheets, fetched JSON...), in the order fetched; empty unless
 *                 rendered
 * @param lazyContent what the page says ({@link #content()}), made when first asked for; null when it is not an HTML
 *                 page that was read (then there is none). An HTML error page (a status of 400 or more) has one
 *                 when an output reads content, so that its kind says what it is ({@link PageKind})
 * @param anchors  what a link's fragment may name on the page (element ids, {@code <a name>}s), read only for a link
 *                 checker that checks fragments; else empty
 */
public record FinishedUrl(CrawlRecord record, FetchResult.Response response, List<FoundLink> links,
                          List<Item> items, LastCapture previous, List<FetchResult.Response> subresources,
                          LazyContent lazyContent, Set<String> anchors) {

    public FinishedUrl {
        links = List.copyOf(links);
        items = List.copyOf(items);
        subresources = List.copyOf(subresources);
        anchors = anchors == null ? Set.of() : anchors;
    }

    /**
     * A finished URL with {@code record} to fill in: every component not set is what a URL with a record only
     * has (no response, no links, items or subresources, a first capture, no content, no anchors).
     */
    public static Builder builder(CrawlRecord record) {
        return new Builder(record);
    }

    /** A builder holding this finished URL's components, to make one that differs in a few. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /**
     * What the page says: its facts and main content, as text and Markdown; made the first time it is asked for
     * (on the asking thread), then kept. Null when the URL is not an HTML page that was read (a redirect, another
     * type; an error page when no output reads content), or when making it failed ({@link LazyContent#failure}).
     */
    public PageContent content() {
        return lazyContent == null ? null : lazyContent.get();
    }

    /** The same finished URL with the exchanges of its render. */
    public FinishedUrl withSubresources(List<FetchResult.Response> exchanges) {
        return toBuilder().subresources(exchanges).build();
    }

    /** The same finished URL with its content, made when first asked for. */
    public FinishedUrl withContent(LazyContent content) {
        return toBuilder().lazyContent(content).build();
    }

    /** The same finished URL with the page's anchors (an unmodifiable set, not copied). */
    public FinishedUrl withAnchors(Set<String> pageAnchors) {
        return toBuilder().anchors(Collections.unmodifiableSet(pageAnchors)).build();
    }

    /**
     * The same finished URL as a re-crawl's revisit of a URL whose last capture was {@code last}: its record says
     * how it compares ({@link Change#of}); a page whose bytes changed but whose main text did not (its content is
     * made to tell, when the last capture's text digest is known) is {@link Change#TEMPLATE_CHANGED}. A page not
     * modified (304, which sends no Content-Type) is recorded with the content type of its last capture, which
     * still stands.
     */
    public FinishedUrl revisiting(LastCapture last, FetchResult result) {
        Change change = Change.of(last, result, () -> {
            PageContent content = content();
            return content == null ? null : content.text();
        });
        CrawlRecord revisit = record.withChange(change);
        if (change == Change.NOT_MODIFIED && last.contentType() != null && !last.contentType().isEmpty()
                && revisit.contentType().isEmpty()) {
            revisit = revisit.withContentType(last.contentType(),
                    last.encoding() == null ? revisit.encoding() : last.encoding());
        }
        return toBuilder().record(revisit).previous(last).build();
    }

    /** A URL with a record only: skipped, failed, or recorded without a fetch. */
    public static FinishedUrl of(CrawlRecord record) {
        return builder(record).build();
    }

    /** A {@link FinishedUrl} being made: one setter per component, named as the component. */
    public static final class Builder {
        private CrawlRecord record;
        private FetchResult.Response response;
        private List<FoundLink> links = List.of();
        private List<Item> items = List.of();
        private LastCapture previous;
        private List<FetchResult.Response> subresources = List.of();
        private LazyContent lazyContent;
        private Set<String> anchors = Set.of();

        private Builder(CrawlRecord record) {
            this.record = record;
        }

        private Builder(FinishedUrl f) {
            record = f.record;
            response = f.response;
            links = f.links;
            items = f.items;
            previous = f.previous;
            subresources = f.subresources;
            lazyContent = f.lazyContent;
            anchors = f.anchors;
        }

        public Builder record(CrawlRecord v) {
            record = v;
            return this;
        }

        public Builder response(FetchResult.Response v) {
            response = v;
            return this;
        }

        public Builder links(List<FoundLink> v) {
            links = v;
            return this;
        }

        public Builder items(List<Item> v) {
            items = v;
            return this;
        }

        public Builder previous(LastCapture v) {
            previous = v;
            return this;
        }

        public Builder subresources(List<FetchResult.Response> v) {
            subresources = v;
            return this;
        }

        public Builder lazyContent(LazyContent v) {
            lazyContent = v;
            return this;
        }

        public Builder anchors(Set<String> v) {
            anchors = v;
            return this;
        }

        public FinishedUrl build() {
            return new FinishedUrl(record, response, links, items, previous, subresources, lazyContent, anchors);
        }
    }
}
