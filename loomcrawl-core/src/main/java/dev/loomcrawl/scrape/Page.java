package dev.loomcrawl.scrape;

import dev.loomcrawl.extract.Link;
import dev.loomcrawl.url.WebUrl;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A fetched HTML page as a {@link PageHandler} sees it. The jsoup {@link Document} is parsed on the first call
 * to {@link #document()} and kept; a handler that never asks costs no parse. Handlers emit items and may narrow
 * the links the crawl follows from this page. Used by one thread at a time (the page's worker).
 */
public final class Page {
    private final WebUrl url;
    private final int status;
    private final byte[] body;
    private final String charset;
    private final List<Link> links;
    private final List<Item> items = new ArrayList<>();
    private Set<WebUrl> follow;
    private Document document;

    public Page(WebUrl url, int status, byte[] body, String charset, List<Link> links) {
        this.url = url;
        this.status = status;
        this.body = body;
        this.charset = charset;
        this.links = List.copyOf(links);
    }

    public WebUrl url() {
        return url;
    }

    public int status() {
        return status;
    }

    /** The decoded body bytes. */
    public byte[] body() {
        return body;
    }

    /** Every link found on the page, resolved, in document order. */
    public List<Link> links() {
        return links;
    }

    /** The page's DOM, parsed with the charset the crawler found, once. */
    public Document document() {
        if (document == null) {
            try {
                document = Jsoup.parse(new ByteArrayInputStream(body), charset, url.toString());
            } catch (IOException e) {
                throw new UncheckedIOException(e); // reading from memory
            }
        }
        return document;
    }

    /** Emits an item: fields in order; null values are kept as missing fields. */
    public void emit(Map<String, String> fields) {
        items.add(new Item(url, items.size(), fields));
    }

    /**
     * Follows only these of the page's links (each still subject to the crawl's scope and limits). Without a
     * call, every link in scope is followed. Calls add up.
     */
    public void follow(Collection<WebUrl> urls) {
        if (follow == null) follow = new LinkedHashSet<>();
        follow.addAll(urls);
    }

    /** The items emitted so far. */
    public List<Item> items() {
        return List.copyOf(items);
    }

    /** Whether the handler allows following {@code url} from this page. */
    public boolean follows(WebUrl url) {
        return follow == null || follow.contains(url);
    }
}
