package dev.loomcrawl.content;

import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.parser.Tag;

import java.util.Arrays;

/**
 * Builds an {@link Article} as a new element: a div holding a copy of each chosen block, in document order, without
 * what was left out, and with the page's base URI so that {@code absUrl} resolves links as in the page. Text nodes and
 * elements are copied one by one (attributes cloned) in one iterative walk beside the {@link Tree}'s indices, which
 * follow the same document order; comments and the contents of left-out elements are not copied.
 */
final class Copy {
    private Copy() {}

    static Element of(Article a, String baseUri) {
        Element root = new Element(Tag.valueOf("div"), baseUri);
        for (int r : a.roots) {
            root.appendChild(subtree(a, r));
        }
        return root;
    }

    private static Element subtree(Article a, int r) {
        Tree t = a.tree;
        Element top = shallow(t.el[r]);
        Element[] source = new Element[32];
        Element[] target = new Element[32];
        int[] position = new int[32];
        source[0] = t.el[r];
        target[0] = top;
        int depth = 1;
        int cursor = r + 1;
        while (depth > 0) {
            int d = depth - 1;
            Element from = source[d];
            int at = position[d];
            if (at >= from.childNodeSize()) {
                depth--;
                continue;
            }
            position[d] = at + 1;
            Node child = from.childNode(at);
            if (child instanceof TextNode text) {
                target[d].appendChild(new TextNode(text.getWholeText()));
            } else if (child instanceof Element e) {
                int i = cursor;
                if (t.el[i] != e) {
                    throw new IllegalStateException("the copy walked off the scan's order at " + e.normalName());
                }
                if (t.removed(i) || a.dropped[i]) {
                    cursor = t.end[i];
                    continue;
                }
                cursor = i + 1;
                Element copy = shallow(e);
                target[d].appendChild(copy);
                if (depth == source.length) {
                    source = Arrays.copyOf(source, depth * 2);
                    target = Arrays.copyOf(target, depth * 2);
                    position = Arrays.copyOf(position, depth * 2);
                }
                source[depth] = e;
                target[depth] = copy;
                position[depth] = 0;
                depth++;
            }
        }
        return top;
    }

    static Element shallow(Element e) {
        return new Element(e.tag(), null, e.attributesSize() > 0 ? e.attributes().clone() : null);
    }
}
