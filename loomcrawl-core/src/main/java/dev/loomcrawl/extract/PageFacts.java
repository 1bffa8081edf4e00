package dev.loomcrawl.extract;

import java.util.Arrays;
import java.util.List;

/**
 * What an HTML page says about itself, read in the same pass as its links: each field as the page states it,
 * whitespace collapsed and trimmed ({@link #normalise}), and null when the page does not say it. Each field is
 * the first non-empty value of its sources, in the order listed; every source is read anywhere in the page
 * (head or body), from HTML elements only (an SVG {@code <title>} is not the page's title), and
 * {@code <meta>} keys from either {@code name} or {@code property}, in any case. Long values are cut (see
 * {@link #MAX_LENGTH}). docs/content.md lists the same rules for users.
 *
 * @param title       the text of the first {@code <title>} that has some (head or body; its text as written,
 *                    character references decoded)
 * @param description {@code <meta name="description">}, else {@code <meta property="og:description">}
 * @param lang        the root element's {@code <html lang>} (as written, e.g. "en-GB")
 * @param canonical   the first {@code <link rel="canonical">} with a non-empty {@code href}, resolved against
 *                    the page's base URL (its first {@code <base href>}, else its URL) as links are; null when
 *                    it does not resolve to an http(s) URL, or is longer than {@link #MAX_LENGTH} (a cut URL
 *                    would name another page)
 * @param h1          the text of the first {@code <h1>} that has some, with the spacing rules of jsoup's
 *                    {@code Element.text()} (a space around blocks and {@code <br>}, scripts left out)
 * @param published   when the page says it was first published: {@code article:published_time}, else JSON-LD
 *                    {@code datePublished}, else the first {@code <time pubdate datetime>}, else the first
 *                    {@code <time datetime>} inside an {@code <article>}; as written (usually ISO 8601)
 * @param modified    when the page says it was last changed: {@code article:modified_time}, else JSON-LD
 *                    {@code dateModified}, else {@code og:updated_time}; as written
 * @param author      {@code <meta name="author">}, else {@code article:author} when it is not a URL (it often
 *                    is: a profile page), else JSON-LD {@code author} (a name, an object's {@code name}, or
 *                    several joined with ", ")
 */
public record PageFacts(String title, String description, String lang, String canonical, String h1,
                        String published, String modified, String author) {
    /** The longest value kept, "…" included: a title or description past it is cut. */
    public static final int MAX_LENGTH = 1000;

    /** A page that says none of these things. */
    public static final PageFacts NONE = new PageFacts(null, null, null, null, null, null, null, null);

    /**
     * The fields' names, in declaration order: the keys of the records' JSON Lines and CSV, the state's columns;
     * {@link #values()} and {@link #ofValues} keep the same order.
     */
    public static final List<String> NAMES = List.of("title", "description", "lang", "canonical", "h1", "published",
            "modified", "author");

    /** The values in the order of {@link #NAMES}, null where the page does not say. */
    public List<String> values() {
        return Arrays.asList(title, description, lang, canonical, h1, published, modified, author);
    }

    /** The facts whose values, in the order of {@link #NAMES}, are {@code values} (as {@link #values()} gave them). */
    public static PageFacts ofValues(List<String> values) {
        if (values.size() != NAMES.size()) {
            throw new IllegalArgumentException(NAMES.size() + " page facts expected, got " + values.size());
        }
        return new PageFacts(values.get(0), values.get(1), values.get(2), values.get(3), values.get(4),
                values.get(5), values.get(6), values.get(7));
    }

    /**
     * The facts with every value {@link #normalise normalised}; a canonical URL longer than {@link #MAX_LENGTH}
     * is dropped rather than cut.
     */
    public static PageFacts of(String title, String description, String lang, String canonical, String h1,
                               String published, String modified, String author) {
        String url = canonical != null && canonical.length() <= MAX_LENGTH ? normalise(canonical) : null;
        return new PageFacts(normalise(title), normalise(description), normalise(lang), url, normalise(h1),
                normalise(published), normalise(modified), normalise(author));
    }

    /**
     * A value as these facts keep it: each run of whitespace (ASCII, no-break and the other Unicode spaces, line
     * and paragraph separators) made one space, spaces and control characters trimmed from both ends, and cut
     * to {@link #MAX_LENGTH} characters, "…" the last; null for null, and for a value that is then empty.
     */
    public static String normalise(String value) {
        if (value == null) return null;
        StringBuilder out = new StringBuilder(Math.min(value.length(), MAX_LENGTH + 1));
        boolean space = false; // a space is due before the next character kept
        for (int i = 0; i < value.length(); i++) {
            char ch = value.charAt(i);
            if (isSpace(ch) || (ch <= ' ' && out.isEmpty())) {
                space = !out.isEmpty();
                continue;
            }
            if (space) out.append(' ');
            space = false;
            out.append(ch);
            if (out.length() > MAX_LENGTH && ch > ' ') break; // cut: the rest cannot matter
        }
        int end = out.length();
        while (end > 0 && out.charAt(end - 1) <= ' ') end--; // trailing control characters
        if (end == 0) return null;
        if (end > MAX_LENGTH) {
            int cut = MAX_LENGTH - 1;
            if (Character.isHighSurrogate(out.charAt(cut - 1))) cut--;
            return out.substring(0, cut) + "…";
        }
        return out.substring(0, end);
    }

    private static boolean isSpace(char ch) {
        if (ch <= ' ') return ch == ' ' || (ch >= '\t' && ch <= '\r');
        return ch >= '\u0085' && (ch == '\u0085' || Character.isSpaceChar(ch));
    }

    /** Whether every field is null. */
    public boolean isEmpty() {
        return equals(NONE);
    }
}
