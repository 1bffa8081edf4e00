package dev.loomcrawl.extract;

import dev.loomcrawl.url.WebUrl;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.parser.Parser;
import org.jsoup.select.NodeTraversor;
import org.jsoup.select.NodeVisitor;

/**
 * A page's facts read from jsoup's DOM, in one walk of the tree in document order: the reference that
 * {@link FactsCollector} must match, as {@link JsoupLinkExtractor} is for links. Texts are jsoup's
 * {@code Element.text()}; a script's JSON-LD is its {@code data()}. Only HTML elements count.
 */
final class DomFacts implements NodeVisitor {
    private final FactsBuilder facts = new FactsBuilder();
    private int articles;
    private boolean h1Found;
    /** An {@code <h1>} without text, being walked: an {@code <h1>} inside it has none either, and is skipped. */
    private Element blankH1;

    private DomFacts() {}

    /** The facts of a parsed page; {@code base} is the URL its links resolve against. */
    static PageFacts of(Document doc, WebUrl base) {
        DomFacts reader = new DomFacts();
        NodeTraversor.traverse(reader, doc);
        return reader.facts.build(base);
    }

    @Override
    public void head(Node node, int depth) {
        if (!(node instanceof Element el) || !el.tag().namespace().equals(Parser.NamespaceHtml)) return;
        switch (el.normalName()) {
            case "html" -> facts.rootLang(attr(el, "lang")); // the first is the root
            case "title" -> facts.title(el.text());
            case "h1" -> h1(el);
            case "meta" -> facts.meta(attr(el, "name"), attr(el, "property"), attr(el, "content"));
            case "link" -> facts.link(attr(el, "rel"), attr(el, "href"));
            case "script" -> {
                if (FactsBuilder.isJsonLd(attr(el, "type"))) facts.jsonLd(el.data());
            }
            case "time" -> facts.time(el.hasAttr("pubdate"), attr(el, "datetime"), articles > 0);
            case "article" -> articles++;
            default -> { }
        }
    }

    private void h1(Element el) {
        if (h1Found || blankH1 != null) return;
        String text = el.text();
        if (PageFacts.normalise(text) == null) {
            blankH1 = el;
        } else {
            facts.h1(text);
            h1Found = true;
        }
    }

    @Override
    public void tail(Node node, int depth) {
        if (node == blankH1) blankH1 = null;
        if (node instanceof Element el && el.normalName().equals("article")
                && el.tag().namespace().equals(Parser.NamespaceHtml)) {
            articles--;
        }
    }

    /** The attribute's value, or null when the element does not have it. */
    private static String attr(Element el, String name) {
        return el.hasAttr(name) ? el.attr(name) : null;
    }
}
