package dev.loomcrawl.result;

/**
 * What an HTML page says about itself, read in the same pass as its links: each field as the page states it,
 * whitespace collapsed and trimmed, and null when the page does not say it. Long values are cut (see
 * {@link #MAX_LENGTH}).
 *
 * @param title       the {@code <title>}'s text (the first one)
 * @param description {@code <meta name="description">}, else {@code <meta property="og:description">}
 * @param lang        {@code <html lang>} (as written, e.g. "en-GB")
 * @param canonical   {@code <link rel="canonical" href>}, resolved against the page's base URL
 * @param h1          the first {@code <h1>}'s text
 * @param published   when the page says it was first published: {@code article:published_time}, JSON-LD
 *                    {@code datePublished}, or the first {@code <time pubdate>}/{@code <time datetime>} in an
 *                    article; ISO 8601 as written
 * @param modified    when the page says it was last changed: {@code article:modified_time}, JSON-LD
 *                    {@code dateModified}, {@code og:updated_time}
 * @param author      {@code <meta name="author">}, {@code article:author} when not a URL, or JSON-LD
 *                    {@code author.name}
 */
public record PageFacts(String title, String description, String lang, String canonical, String h1,
                        String published, String modified, String author) {
    /** The longest value kept, "…" included: a title or description past it is cut. */
    public static final int MAX_LENGTH = 1000;

    /** A page that says none of these things. */
    public static final PageFacts NONE = new PageFacts(null, null, null, null, null, null, null, null);

    /** Whether every field is null. */
    public boolean isEmpty() {
        return equals(NONE);
    }
}
