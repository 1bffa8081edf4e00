package dev.loomcrawl.extract;

import dev.loomcrawl.url.WebUrl;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Which source of a page's facts wins ({@link PageFacts} lists them): fed the candidates in document order,
 * by {@link DomFacts} from jsoup's DOM and by {@link FactsCollector} from the streaming pass, it keeps the first
 * non-empty value of each source and picks among the sources when {@link #build built}. Both extractors share
 * it, so that they differ only in how they read the page, which {@code StreamingLinkExtractorTest} compares.
 */
final class FactsBuilder {
    /** The {@code <meta>} keys read, in lower case. */
    private static final Set<String> META_KEYS = Set.of("description", "og:description", "author", "article:author",
            "article:published_time", "article:modified_time", "og:updated_time");

    private String title;
    private String h1;
    private String lang;
    private boolean langRead;
    private String canonicalHref;
    private String description;
    private String ogDescription;
    private String author;
    private String articleAuthor;
    private String publishedMeta;
    private String modifiedMeta;
    private String updatedMeta;
    private String pubdateTime;
    private String articleTime;
    private final List<String> jsonLd = new ArrayList<>(0);

    /** The text of a {@code <title>}. */
    void title(String text) {
        if (title == null) title = PageFacts.normalise(text);
    }

    /** The text of an {@code <h1>}. */
    void h1(String text) {
        if (h1 == null) h1 = PageFacts.normalise(text);
    }

    /** The root element's {@code lang} attribute (null when it has none); the first call only counts. */
    void rootLang(String value) {
        if (langRead) return;
        langRead = true;
        lang = PageFacts.normalise(value);
    }

    /** A {@code <link>}'s {@code rel} and {@code href} attributes (null when absent). */
    void link(String rel, String href) {
        if (canonicalHref == null && rel != null && href != null && Link.hasKeyword(rel, "canonical")
                && PageFacts.normalise(href) != null) {
            canonicalHref = href;
        }
    }

    /** A {@code <meta>}'s {@code name}, {@code property} and {@code content} attributes (null when absent). */
    void meta(String name, String property, String content) {
        if (content == null) return;
        if (name != null) meta(key(name), content);
        if (property != null) meta(key(property), content);
    }

    /** Whether a meta's {@code name} or {@code property} (null when absent) is a key read here. */
    static boolean readsMeta(String key) {
        return key != null && META_KEYS.contains(key(key));
    }

    /** A meta's key as compared: trimmed, in lower case (the same string when it already is). */
    private static String key(String key) {
        return key.strip().toLowerCase(Locale.ROOT);
    }

    private void meta(String key, String content) {
        switch (key) {
            case "description" -> description = first(description, content);
            case "og:description" -> ogDescription = first(ogDescription, content);
            case "author" -> author = first(author, content);
            case "article:author" -> {
                if (!isUrl(content)) articleAuthor = first(articleAuthor, content);
            }
            case "article:published_time" -> publishedMeta = first(publishedMeta, content);
            case "article:modified_time" -> modifiedMeta = first(modifiedMeta, content);
            case "og:updated_time" -> updatedMeta = first(updatedMeta, content);
            default -> { }
        }
    }

    /**
     * A {@code <time>}: whether it has a {@code pubdate} attribute, its {@code datetime} (null when absent), and
     * whether it is inside an {@code <article>}.
     */
    void time(boolean pubdate, String datetime, boolean inArticle) {
        if (datetime == null) return;
        if (pubdate) pubdateTime = first(pubdateTime, datetime);
        if (inArticle) articleTime = first(articleTime, datetime);
    }

    /** Whether a {@code <script>}'s {@code type} (null when absent) says it holds JSON-LD. */
    static boolean isJsonLd(String type) {
        if (type == null) return false;
        int semicolon = type.indexOf(';'); // "application/ld+json; charset=utf-8"
        String mime = (semicolon < 0 ? type : type.substring(0, semicolon)).strip();
        return mime.equalsIgnoreCase("application/ld+json");
    }

    /** The text of a JSON-LD script; one longer than {@link JsonLd#MAX_SCRIPT} is not read. */
    void jsonLd(String script) {
        if (script.length() <= JsonLd.MAX_SCRIPT) jsonLd.add(script);
    }

    /** The facts; {@code base} is the URL the page's links resolve against. */
    PageFacts build(WebUrl base) {
        String canonical = null;
        if (canonicalHref != null) {
            WebUrl url = Link.resolve(base, canonicalHref);
            if (url != null) canonical = url.toString();
        }
        String published = publishedMeta;
        String modified = modifiedMeta;
        String by = author != null ? author : articleAuthor;
        if (!jsonLd.isEmpty() && (published == null || modified == null || by == null)) {
            JsonLd.Items items = JsonLd.read(jsonLd); // only when a meta does not say it all
            if (published == null) published = items.datePublished();
            if (modified == null) modified = items.dateModified();
            if (by == null) by = items.author();
        }
        if (published == null) published = pubdateTime != null ? pubdateTime : articleTime;
        if (modified == null) modified = updatedMeta;
        return PageFacts.of(title, or(description, ogDescription), lang, canonical, h1, published, modified, by);
    }

    private static String or(String a, String b) {
        return a != null ? a : b;
    }

    /** {@code kept} if there is one, else {@code value} normalised (null when it is empty). */
    private static String first(String kept, String value) {
        return kept != null ? kept : PageFacts.normalise(value);
    }

    /** Whether a value is a URL rather than a name: an http(s) URL, or a path. */
    private static boolean isUrl(String value) {
        String v = value.strip();
        return v.startsWith("/") || v.regionMatches(true, 0, "http://", 0, 7)
                || v.regionMatches(true, 0, "https://", 0, 8);
    }

}
