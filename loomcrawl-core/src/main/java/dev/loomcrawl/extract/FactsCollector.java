package dev.loomcrawl.extract;

import dev.loomcrawl.url.WebUrl;

/**
 * Reads a page's facts from the elements the tree builder inserts, in the streaming pass, as {@link DomFacts}
 * reads them from jsoup's DOM: the root {@code <html>}'s {@code lang}, the metas, the
 * {@code <link rel=canonical>}, the text of the first {@code <title>} and {@code <h1>} that have some
 * ({@link ElementText}, collected only until one does), the data of JSON-LD scripts (watched to their end),
 * and the {@code <time>}s, counting the open {@code <article>}s (watched too) to know which are inside one.
 * Only HTML elements count. {@link FactsBuilder} decides which source wins, as for {@link DomFacts}.
 */
final class FactsCollector implements ElementSink {
    private final FactsBuilder facts = new FactsBuilder();
    private final FirstText title = new FirstText();
    private final FirstText h1 = new FirstText();
    private int articles;
    /** The data of the JSON-LD script being read, null when none is. */
    private StringBuilder jsonLd;
    private boolean jsonLdTooLong;

    @Override
    public void element(String name, int ns, TagToken attrs, Inserted el) {
        if (ns != HtmlTags.HTML) return;
        switch (name) {
            case "html" -> facts.rootLang(attrs.get("lang")); // the first is the root
            case "title" -> title.offer(el);
            case "h1" -> h1.offer(el);
            case "meta" -> meta(attrs);
            case "link" -> {
                String rel = attrs.get("rel");
                if (rel != null && Link.hasKeyword(rel, "canonical")) facts.link(rel, attrs.get("href"));
            }
            case "script" -> {
                jsonLd = null;
                if (FactsBuilder.isJsonLd(attrs.get("type"))) {
                    jsonLd = new StringBuilder();
                    jsonLdTooLong = false;
                    el.watchEnd();
                }
            }
            case "time" -> facts.time(attrs.has("pubdate"), attrs.get("datetime"), articles > 0);
            case "article" -> {
                articles++;
                el.watchEnd();
            }
            default -> { }
        }
    }

    /** A meta's content is copied only when its name or property is one the facts read. */
    private void meta(TagToken attrs) {
        if (!attrs.hasAttributes()) return;
        String name = attrs.get("name");
        String property = attrs.get("property");
        if (FactsBuilder.readsMeta(name) || FactsBuilder.readsMeta(property)) {
            facts.meta(name, property, attrs.get("content"));
        }
    }

    @Override
    public void scriptText(Chars data) {
        if (jsonLd == null || jsonLdTooLong) return;
        if (jsonLd.length() + data.length() > JsonLd.MAX_SCRIPT) { // script data is never decoded: lengths agree
            jsonLdTooLong = true;
            return;
        }
        jsonLd.append(data.value());
    }

    @Override
    public void elementEnd(String name, int ns) {
        if (ns != HtmlTags.HTML) return;
        if (name.equals("article")) {
            articles--;
        } else if (name.equals("script") && jsonLd != null) {
            if (!jsonLdTooLong) facts.jsonLd(jsonLd.toString());
            jsonLd = null;
        }
    }

    /** The facts, once the page has ended; {@code base} is the URL its links resolve against. */
    PageFacts facts(WebUrl base) {
        facts.title(title.text());
        facts.h1(h1.text());
        return facts.build(base);
    }

    /**
     * The text of the first element of a kind (in document order) that has some. An element inside one still
     * open is not asked for: if the outer one has no text, neither has it; so at most one text is collected at
     * a time.
     */
    private static final class FirstText {
        private ElementText current;
        private String found;

        /** An element of the kind was inserted: its text is collected if it may be the one. */
        void offer(Inserted el) {
            if (wants()) current = el.collectText();
        }

        /** Whether the next such element's text is wanted. */
        private boolean wants() {
            if (found != null) return false;
            if (current == null) return true;
            if (!current.finished()) return false;
            String text = current.text();
            current = null;
            if (PageFacts.normalise(text) == null) return true;
            found = text;
            return false;
        }

        /** The text found, or null. */
        String text() {
            if (found == null && current != null && PageFacts.normalise(current.text()) != null) found = current.text();
            return found;
        }
    }
}
