package dev.loomcrawl.render;

import dev.loomcrawl.fetch.FetchResult;
import dev.loomcrawl.url.WebUrl;

/**
 * Loads a fetched HTML page in a browser and hands back the document its scripts built (architecture step 10).
 * The crawler calls it between the fetch and link extraction, so the rendered HTML goes through the same link
 * extractor and page handler as a page that was not rendered. Every request the browser makes goes through
 * {@link BrowserRequests}: the crawl's own fetcher and rules. The implementation is in module
 * {@code loomcrawl-render} ({@code ChromiumRenderer}); docs/rendering.md says how it works.
 */
public interface Renderer extends AutoCloseable {

    /** Whether this page is to be rendered ({@code --render}: every HTML page; {@code --render-include}). */
    boolean wants(WebUrl url);

    /**
     * Whether the crawl decides page by page from the HTML the server sent ({@code --render auto}, by
     * {@link AutoRender}); then {@link #wants} is not asked.
     */
    default boolean decides() {
        return false;
    }

    /** Why the pages {@link #wants} are rendered, for their records: "--render" or "--render-include". */
    default String reason() {
        return "--render";
    }

    /**
     * Renders {@code page}, a 200 HTML response the crawl fetched: the browser is given this response for the
     * page's own URL (no second GET), and every other request it makes is answered by {@code requests} or
     * refused. Blocking: call it from a virtual thread. A page that cannot be rendered (the browser failed twice)
     * comes back as {@link Rendering.Failed}, never as an exception.
     */
    Rendering render(FetchResult.Response page, BrowserRequests requests);

    /** Ends the browser. */
    @Override
    void close();
}
