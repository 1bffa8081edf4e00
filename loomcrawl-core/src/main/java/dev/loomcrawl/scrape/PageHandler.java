package dev.loomcrawl.scrape;

/**
 * Called once for each fetched HTML page (status 200), on the page's worker thread, after its links are
 * extracted and before they are followed. It may emit items ({@link Page#emit}) and narrow the links to follow
 * ({@link Page#follow}). Handlers run concurrently for different pages: keep them free of shared mutable state.
 */
@FunctionalInterface
public interface PageHandler {
    void handle(Page page);
}
