package dev.loomcrawl.render;

import dev.loomcrawl.fetch.FetchResult;
import dev.loomcrawl.url.WebUrl;

import java.nio.charset.StandardCharsets;
import java.util.List;

/** What rendering one page came to: the live document, or why there is none. */
public sealed interface Rendering {

    /**
     * The page as the browser left it.
     *
     * @param html      the serialised DOM ({@code document.documentElement.outerHTML}) after load, network
     *                  idle and the scrolls asked for
     * @param base      the document's base URL then ({@code document.baseURI}: a pushState router may have
     *                  changed it), which the page's relative links resolve against
     * @param exchanges every response the browser was given but the page's own, in the order they were
     *                  fetched (what a WARC of the render holds)
     */
    record Rendered(String html, WebUrl base, List<FetchResult.Response> exchanges) implements Rendering {
        public Rendered {
            exchanges = List.copyOf(exchanges);
        }

        public byte[] htmlBytes() {
            return html.getBytes(StandardCharsets.UTF_8);
        }
    }

    /** The page could not be rendered; the crawl goes on with the HTML the server sent. */
    record Failed(String reason) implements Rendering {}
}
