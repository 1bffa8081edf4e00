package dev.loomcrawl.content;

import dev.loomcrawl.extract.PageTree;
import org.jsoup.nodes.Attributes;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.TextNode;
import org.jsoup.parser.Parser;
import org.jsoup.parser.TagSet;

import java.util.Arrays;

/**
 * A {@link MainContent.Result} as a new jsoup element ({@link MainContent.Result#toElement}): a div holding a copy of
 * each root, in document order, without what is left out, and with the base URI given, so that {@code absUrl}
 * resolves links as in the page. Elements and text nodes are copied one by one in one iterative walk over the
 * {@link PageTree}, with the tags and namespaces jsoup's parser would give them (one tag set per copy, as per
 * document) and, of duplicate attributes, the first, as jsoup keeps.
 */
final class Copy {
    private Copy() {}

    /** The content; {@code text}: without what {@link MainContent.Result#leftOutOfText} marks too. */
    static Element of(MainContent.Result content, String baseUri, boolean text) {
        PageTree t = content.tree();
        boolean[] leftOut = content.leftOut();
        if (text && content.leftOutOfText() != null) {
            leftOut = leftOut == null ? content.leftOutOfText().clone() : leftOut.clone();
            if (content.leftOut() != null) {
                boolean[] more = content.leftOutOfText();
                for (int n = 0; n < leftOut.length; n++) {
                    leftOut[n] |= more[n];
                }
            }
        }
        TagSet tags = TagSet.Html();
        Element div = new Element(tags.valueOf("div", Parser.NamespaceHtml), baseUri);
        for (int r : content.roots()) {
            if (r == 0) { // the document: its children
                for (int c = t.firstChild(0); c >= 0; c = t.next(c)) {
                    copy(t, c, leftOut, tags, div);
                }
            } else {
                copy(t, r, leftOut, tags, div);
            }
        }
        return div;
    }

    /** Appends to {@code into} a copy of node {@code r}'s subtree without what {@code leftOut} says (may be null). */
    private static void copy(PageTree t, int r, boolean[] leftOut, TagSet tags, Element into) {
        if (t.isText(r)) {
            into.appendChild(new TextNode(t.textOf(r)));
            return;
        }
        Element[] open = new Element[32];
        int[] node = new int[32];
        String[] ns = new String[32];
        String rootNs = Namespaces.of(t, r);
        open[0] = element(t, r, rootNs, tags);
        node[0] = r;
        ns[0] = rootNs;
        into.appendChild(open[0]);
        int depth = 1;
        for (int n = r + 1, stop = t.end(r); n < stop; ) {
            while (t.end(node[depth - 1]) <= n) {
                depth--;
            }
            if (leftOut != null && leftOut[n]) {
                n = t.end(n);
                continue;
            }
            if (t.isText(n)) {
                open[depth - 1].appendChild(new TextNode(t.textOf(n)));
                n++;
                continue;
            }
            String space = Namespaces.child(t, node[depth - 1], ns[depth - 1], n);
            Element e = element(t, n, space, tags);
            open[depth - 1].appendChild(e);
            if (depth == open.length) {
                open = Arrays.copyOf(open, depth * 2);
                node = Arrays.copyOf(node, depth * 2);
                ns = Arrays.copyOf(ns, depth * 2);
            }
            open[depth] = e;
            node[depth] = n;
            ns[depth] = space;
            depth++;
            n++;
        }
    }

    private static Element element(PageTree t, int n, String space, TagSet tags) {
        int count = t.attributes(n);
        Attributes attributes = null;
        if (count > 0) {
            attributes = new Attributes();
            for (int i = 0; i < count; i++) {
                String name = t.attributeName(n, i);
                if (!attributes.hasKey(name)) {
                    attributes.put(name, t.valueStart(n, i) >= 0 ? t.attributeValue(n, i) : null);
                }
            }
        }
        return new Element(tags.valueOf(t.name(n), space), null, attributes);
    }
}
