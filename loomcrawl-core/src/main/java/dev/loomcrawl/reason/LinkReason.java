package dev.loomcrawl.reason;

/**
 * Why a link found on a page (or in a sitemap) was not followed, before any limit was asked: its target, the scope,
 * the page's directives, a scraping rule, or a bound on links. Counted as {@code unfollowed_LABEL}.
 */
public enum LinkReason implements Reason {
    /** A scheme other than http and https ({@code mailto:}, {@code javascript:}, {@code data:}...). */
    SCHEME("scheme"),
    /** An http(s) or relative reference that does not parse. */
    INVALID_URL("invalid-url"),
    /** Outside the scope by its host or path. */
    OUT_OF_SCOPE("out-of-scope"),
    /** Rejected by an {@code --exclude} or {@code --include} pattern. */
    EXCLUDED("excluded"),
    /** The login page, or a link that would log a logged-in crawl out. */
    SESSION("session"),
    /** {@code rel="nofollow"}, or the page's robots directives. */
    NOFOLLOW("nofollow"),
    /** A scraping rule follows only some links. */
    NOT_SELECTED("not-selected"),
    /** Past {@code --max-links-per-page}: not kept at all. */
    MAX_LINKS_PER_PAGE("max-links-per-page"),
    /** Past the entries read from one sitemap. */
    MAX_SITEMAP_ENTRIES("max-sitemap-entries");

    private final String label;

    LinkReason(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }
}
