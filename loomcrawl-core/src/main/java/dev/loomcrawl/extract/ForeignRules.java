package dev.loomcrawl.extract;

import dev.loomcrawl.extract.OpenElements.Node;

import java.util.Set;

/**
 * jsoup 1.24's rules for foreign content (its {@code ForeignContent} state): inside {@code <svg>} and
 * {@code <math>}, tags make elements of that namespace (self-closing ones end at once, an SVG
 * {@code <script>} switches the tokenizer to script data), HTML tags such as {@code <p>} or {@code <div>}
 * break out to the enclosing HTML, and an end tag closes the nearest open element of its name.
 */
final class ForeignRules {
    private final TreeShadow tb;

    ForeignRules(TreeShadow tb) {
        this.tb = tb;
    }

    private static final Set<String> BREAKOUT = Set.of("b", "big", "blockquote", "body", "br",
            "center", "code", "dd", "div", "dl", "dt", "em", "embed", "h1", "h2", "h3", "h4", "h5", "h6", "head", "hr",
            "i", "img", "li", "listing", "menu", "meta", "nobr", "ol", "p", "pre", "ruby", "s", "small", "span",
            "strike", "strong", "sub", "sup", "table", "tt", "u", "ul", "var");

    void start(TagToken tag) {
        if (BREAKOUT.contains(tag.name)
                || (tag.name.equals("font") && (tag.has("color") || tag.has("face") || tag.has("size")))) {
            while (tb.open.size() > 0 && tb.open.current().ns != HtmlTags.HTML) tb.pop();
            tb.startIn(tb.mode, tag);
            return;
        }
        Node el = tb.insert(tag, tb.open.current().ns);
        if (tag.selfClosing) {
            tb.pop();
        } else if (el.ns == HtmlTags.SVG && tag.name.equals("script")) {
            tb.tokenizer.switchTo(HtmlTokenizer.TextMode.SCRIPT, "script");
        }
    }

    void end(String name) {
        if (name.equals("br") || name.equals("p")) {
            while (tb.open.size() > 0 && tb.open.current().ns != HtmlTags.HTML) tb.pop();
            tb.endIn(tb.mode, name);
            return;
        }
        Node current = tb.open.current();
        if (name.equals("script") && current.ns == HtmlTags.SVG && current.name.equals("script")) {
            tb.pop();
            return;
        }
        int i = tb.open.size() - 1;
        Node el = tb.open.get(i);
        while (i != 0) {
            if (el.name.equals(name)) {
                while (!tb.pop().name.equals(name)) { }
                return;
            }
            el = tb.open.get(--i);
            if (el.ns == HtmlTags.HTML) {
                tb.endIn(tb.mode, name);
                return;
            }
        }
    }
}
