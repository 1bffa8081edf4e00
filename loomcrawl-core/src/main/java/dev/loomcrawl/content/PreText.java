package dev.loomcrawl.content;

import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;

/**
 * The text of a {@code <pre>} exactly as a browser shows it: every character of its text, highlighting markup
 * dropped, a {@code <br>} as a line break, skipped elements (see {@link SkippedElements}) left out. The HTML parser
 * has already dropped the newline right after {@code <pre>}, as the HTML standard says.
 */
final class PreText {
    private PreText() {
    }

    /** The text of pre, walked without recursion, in a builder of its own. */
    static StringBuilder of(Element pre) {
        StringBuilder text = new StringBuilder();
        Node node = pre.firstChild();
        while (node != null) {
            boolean descend = false;
            if (node instanceof TextNode t) {
                text.append(t.getWholeText());
            } else if (node instanceof Element el) {
                if (el.nameIs("br")) text.append('\n');
                else descend = el.childNodeSize() > 0 && !SkippedElements.skipped(el);
            }
            if (descend) {
                node = node.firstChild();
                continue;
            }
            while (node != pre && node.nextSibling() == null) node = node.parentNode();
            node = node == pre ? null : node.nextSibling();
        }
        return text;
    }

    /** Whether text has nothing but whitespace (a {@code <pre>} that shows nothing). */
    static boolean isBlank(CharSequence text) {
        for (int i = 0; i < text.length(); i++) {
            if (!Character.isWhitespace(text.charAt(i))) return false;
        }
        return true;
    }
}
