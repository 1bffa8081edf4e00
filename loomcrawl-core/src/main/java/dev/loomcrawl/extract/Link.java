package dev.loomcrawl.extract;

import dev.loomcrawl.reason.LinkReason;
import dev.loomcrawl.url.WebUrl;

/**
 * A link found in a page: its resolved target, the reference as written, the element and attribute it came
 * from, the anchor text (whitespace-normalised text of an {@code a}, the {@code alt} of an {@code area}, else
 * "") and the {@code rel} attribute ("" when absent).
 *
 * @param target the reference resolved against the page's base URL; null when it is not an http(s) URL that
 *               can be fetched ({@code mailto:}, {@code javascript:}, {@code data:}, {@code tel:}, unparseable:
 *               {@link #unfetchableReason()} says which)
 * @param href   the reference as written in the page (entity-decoded, surrounding whitespace trimmed); a
 *               {@code data:} URI longer than 256 characters is cut to its first 255 and
 *               "…" (a page can hold megabytes of them, and they are never fetched)
 * @param lastmod  for a sitemap's entry, its {@code <lastmod>} as written (null otherwise, or when absent)
 * @param priority for a sitemap's entry, its {@code <priority>} (null otherwise, or when absent)
 * @param hreflang for the {@code href} of an HTML {@code <a>}, {@code <area>} or {@code <link>}, the
 *                 element's {@code hreflang} attribute, trimmed: the language of the page it leads to, as
 *                 {@code <link rel="alternate" hreflang="de" href="...">} names a translation; null when absent
 *                 or empty, and for every other link
 */
public record Link(WebUrl target, String href, String element, String attribute, String text, String rel,
                   String lastmod, Double priority, String hreflang) {
    /** The longest {@code href} kept for a {@code data:} URI, "…" included. */
    static final int MAX_DATA_HREF = 256;

    public Link(WebUrl target, String href, String element, String attribute, String text, String rel) {
        this(target, href, element, attribute, text, rel, null, null, null);
    }

    public Link(WebUrl target, String href, String element, String attribute, String text, String rel,
                String lastmod, Double priority) {
        this(target, href, element, attribute, text, rel, lastmod, priority, null);
    }

    /** The same link with another target (the crawl's normalised form of it). */
    public Link withTarget(WebUrl newTarget) {
        return new Link(newTarget, href, element, attribute, text, rel, lastmod, priority, hreflang);
    }

    /**
     * The {@link #hreflang} of a link read from {@code attribute} of the HTML element {@code element} whose
     * {@code hreflang} attribute is {@code value} (null when absent).
     */
    static String hreflang(String element, String attribute, String value) {
        if (value == null || !attribute.equals("href")) return null;
        if (!element.equals("a") && !element.equals("link") && !element.equals("area")) return null;
        String lang = value.strip();
        return lang.isEmpty() ? null : lang;
    }

    /**
     * The target of a reference written in a page: resolved against the base URL ({@code ""} and blanks give
     * the base itself, as in a browser), or null when it is not a fetchable http(s) URL. A {@code data:} URI
     * is known to be null without being parsed.
     */
    static WebUrl resolve(WebUrl base, String value) {
        return isDataUri(value) ? null : base.resolve(value);
    }

    /** The {@link #href} for a reference as written: trimmed, and a long {@code data:} URI cut short. */
    static String asWritten(String value) {
        String href = value.strip();
        if (href.length() > MAX_DATA_HREF && isDataUri(href)) return href.substring(0, MAX_DATA_HREF - 1) + "…";
        return href;
    }

    /**
     * Whether the reference is a {@code data:} URI, as the URL parser would read its scheme: leading C0
     * controls and spaces skipped, tabs and newlines ignored, letters in any case.
     */
    static boolean isDataUri(String value) {
        int i = 0;
        int n = value.length();
        while (i < n && value.charAt(i) <= ' ') i++;
        for (int k = 0; k < 5; k++) {
            while (i < n && (value.charAt(i) == '\t' || value.charAt(i) == '\n' || value.charAt(i) == '\r')) i++;
            if (i >= n) return false;
            char ch = value.charAt(i++);
            if (ch >= 'A' && ch <= 'Z') ch += 32;
            if (ch != "data:".charAt(k)) return false;
        }
        return true;
    }

    /** Whether the link leads to a URL that can be fetched (http or https). */
    public boolean fetchable() {
        return target != null;
    }

    /** The target as a string: the resolved URL, or for a link that cannot be fetched, the reference itself. */
    public String to() {
        return target != null ? target.toString() : href;
    }

    /**
     * Why a link without a target is not followed: {@link LinkReason#SCHEME} when it names a scheme other than http
     * and https ({@code mailto:}, {@code javascript:}, {@code data:}...), {@link LinkReason#INVALID_URL} when it is
     * an http(s) or relative reference that does not parse (a host the DNS cannot hold, a bad port...). Null when
     * it has a target.
     */
    public LinkReason unfetchableReason() {
        if (target != null) return null;
        String scheme = scheme(href);
        return scheme == null || scheme.equals("http") || scheme.equals("https") ? LinkReason.INVALID_URL
                : LinkReason.SCHEME;
    }

    /** The scheme a reference names, lower-cased, as the URL parser reads it; null when it names none. */
    private static String scheme(String value) {
        StringBuilder scheme = new StringBuilder(8);
        int i = 0;
        int n = value.length();
        while (i < n && value.charAt(i) <= ' ') i++;
        for (; i < n; i++) {
            char ch = value.charAt(i);
            if (ch == '\t' || ch == '\n' || ch == '\r') continue;
            if (ch == ':') return scheme.isEmpty() ? null : scheme.toString();
            if (ch >= 'A' && ch <= 'Z') ch += 32;
            boolean letter = ch >= 'a' && ch <= 'z';
            if (!letter && (scheme.isEmpty() || !(ch >= '0' && ch <= '9' || ch == '+' || ch == '-' || ch == '.'))) {
                return null;
            }
            scheme.append(ch);
        }
        return null;
    }

    /** Whether {@code rel} holds the {@code nofollow} keyword. */
    public boolean nofollow() {
        return hasKeyword(rel, "nofollow");
    }

    /**
     * Whether a space-separated list of keywords ({@code rel}) holds {@code keyword}, in any case. Most links have no
     * rel: no allocation, no regex.
     */
    static boolean hasKeyword(String list, String keyword) {
        int n = list.length();
        int len = keyword.length();
        for (int start = 0; start < n; ) {
            int end = start;
            while (end < n && !isSpace(list.charAt(end))) end++;
            if (end - start == len && list.regionMatches(true, start, keyword, 0, len)) return true;
            start = end + 1;
        }
        return false;
    }

    /** ASCII whitespace as HTML splits attribute values on it. */
    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r';
    }
}
