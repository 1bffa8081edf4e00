package dev.loomcrawl.extract;

import dev.loomcrawl.url.WebUrl;

/**
 * A link found in a page: its resolved target, the reference as written, the element and attribute it came
 * from, the anchor text (whitespace-normalised text of an {@code a}, the {@code alt} of an {@code area}, else
 * "") and the {@code rel} attribute ("" when absent).
 *
 * @param target the reference resolved against the page's base URL; null when it is not an http(s) URL that
 *               can be fetched ({@code mailto:}, {@code javascript:}, {@code data:}, {@code tel:}, unparseable)
 * @param href   the reference as written in the page (entity-decoded, surrounding whitespace trimmed)
 * @param lastmod  for a sitemap's entry, its {@code <lastmod>} as written (null otherwise, or when absent)
 * @param priority for a sitemap's entry, its {@code <priority>} (null otherwise, or when absent)
 */
public record Link(WebUrl target, String href, String element, String attribute, String text, String rel,
                   String lastmod, Double priority) {

    public Link(WebUrl target, String href, String element, String attribute, String text, String rel) {
        this(target, href, element, attribute, text, rel, null, null);
    }

    /** Whether the link leads to a URL that can be fetched (http or https). */
    public boolean fetchable() {
        return target != null;
    }

    /** The target as a string: the resolved URL, or for a link that cannot be fetched, the reference itself. */
    public String to() {
        return target != null ? target.toString() : href;
    }

    /** Whether {@code rel} holds the {@code nofollow} keyword. */
    public boolean nofollow() {
        for (String r : rel.split("[\\t\\n\\f\\r ]+")) {
            if (r.equalsIgnoreCase("nofollow")) return true;
        }
        return false;
    }
}
