package dev.loomcrawl.internal.focus;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.NodeFilter;
import org.jsoup.select.NodeTraversor;
import org.jsoup.select.NodeVisitor;

import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Where each link of an HTML page stands: the text around it (its list item, paragraph, table cell or definition,
 * cut) and the headings it falls under, by the link's resolved URL. A link that is all of its cell, a table's
 * row or a definition list's term or an API index's name column, has the next cell as its description: a
 * JavaDoc package page's "CopyOnWriteArrayList | A thread-safe variant of ArrayList...", Python's module index's
 * "asyncio | Asynchronous I/O." Read with jsoup, only in a focused crawl.
 */
final class LinkContexts {
    private static final Pattern WHITESPACE = Pattern.compile("\\s+");
    /** Characters of a link's surrounding text kept. */
    static final int MAX_AROUND = 400;
    private static final Set<String> BLOCKS = Set.of("li", "p", "dd", "dt", "td", "th", "figcaption", "caption",
            "blockquote", "section", "article");

    /** Characters a cell may hold beside its link's text and still be the link's alone ("Name&lt;E&gt;"). */
    static final int CELL_SLACK = 12;

    /**
     * The text around a link, its heading path, and its description: the text of the cell after the link's own
     * when the link is all of its cell ("" when not; then it is also the text around the link).
     */
    record Context(String around, String headings, String description) {
        Context {
            if (!description.isEmpty()) around = description;
        }
    }

    private LinkContexts() {}

    /**
     * Each link target's context on the page, by the target's absolute URL: its first link's, or the first of its
     * links with a description when the first has none.
     */
    static Map<String, Context> of(String html, String baseUrl) {
        Document doc = Jsoup.parse(html, baseUrl);
        Map<String, Context> out = new HashMap<>();
        Map<Element, String> blocks = new IdentityHashMap<>(); // a block's text, read once for all its links
        String[] headings = new String[7];
        doc.body().traverse(new NodeVisitor() {
            @Override
            public void head(Node node, int depth) {
                if (!(node instanceof Element e)) return;
                String tag = e.normalName();
                if (tag.length() == 2 && tag.charAt(0) == 'h' && tag.charAt(1) >= '1' && tag.charAt(1) <= '6') {
                    int level = tag.charAt(1) - '0';
                    headings[level] = e.text();
                    for (int i = level + 1; i < headings.length; i++) headings[i] = null;
                } else if (tag.equals("a") && e.hasAttr("href")) {
                    String url = e.absUrl("href");
                    int hash = url.indexOf('#');
                    if (hash >= 0) url = url.substring(0, hash);
                    if (url.isEmpty()) return;
                    Context known = out.get(url);
                    if (known != null && !known.description().isEmpty()) return;
                    String description = description(e);
                    if (known == null || !description.isEmpty()) {
                        String around = description.isEmpty() ? around(e, blocks) : "";
                        out.put(url, new Context(around, path(headings), description));
                    }
                }
            }

            @Override
            public void tail(Node node, int depth) {}
        });
        return out;
    }

    /**
     * The next cell's text when the link is all of its cell: the highest ancestor holding nothing but the link's
     * text (and a few characters more), followed by an element of another kind (another tag, or another class:
     * JavaDoc's name and description columns are both {@code div}s), or by the row's next {@code td}. A list's next
     * item is of the same kind, so it is no description.
     */
    private static String description(Element a) {
        int own = textLength(a, MAX_AROUND);
        if (own == 0 || own > MAX_AROUND) return "";
        Element cell = null;
        for (Element p = a.parent(); p != null && !p.normalName().equals("body")
                && textLength(p, own + CELL_SLACK) <= own + CELL_SLACK; p = p.parent()) {
            cell = p;
        }
        if (cell == null) return "";
        Element next = cell.nextElementSibling();
        if (next == null) return "";
        boolean otherKind = !next.normalName().equals(cell.normalName()) || cell.normalName().equals("td")
                || !cell.className().isEmpty() && !next.className().equals(cell.className());
        return otherKind ? textStart(next) : "";
    }

    /**
     * The characters of text under an element, counted only up to {@code limit} (more: {@code limit + 1}), so that
     * asking of every link whether its ancestors are short reads no ancestor whole: a JDK index page's list holds
     * tens of thousands of links.
     */
    private static int textLength(Element e, int limit) {
        int[] n = {0};
        NodeTraversor.filter(new NodeFilter() {
            @Override
            public FilterResult head(Node node, int depth) {
                if (node instanceof TextNode t) n[0] += t.text().strip().length();
                return n[0] > limit ? FilterResult.STOP : FilterResult.CONTINUE;
            }
        }, e);
        return Math.min(n[0], limit + 1);
    }

    /** An element's text, its whitespace made single spaces, read only up to {@link #MAX_AROUND} characters. */
    private static String textStart(Element e) {
        StringBuilder b = new StringBuilder();
        NodeTraversor.filter(new NodeFilter() {
            @Override
            public FilterResult head(Node node, int depth) {
                if (node instanceof TextNode t) b.append(t.getWholeText()).append(' ');
                return b.length() > MAX_AROUND * 2 ? FilterResult.STOP : FilterResult.CONTINUE;
            }
        }, e);
        String text = WHITESPACE.matcher(b).replaceAll(" ").strip();
        return text.length() > MAX_AROUND ? text.substring(0, MAX_AROUND) : text;
    }

    private static String around(Element a, Map<Element, String> blocks) {
        for (Element p = a.parent(); p != null && !p.normalName().equals("body"); p = p.parent()) {
            if (BLOCKS.contains(p.normalName())) {
                return blocks.computeIfAbsent(p,
                        b -> b.childrenSize() > 20 && b.ownText().isEmpty() ? "" : textStart(b));
            }
        }
        return "";
    }

    private static String path(String[] headings) {
        StringBuilder b = new StringBuilder();
        for (String h : headings) {
            if (h != null && !h.isEmpty()) b.append(b.isEmpty() ? "" : " / ").append(h);
        }
        return b.toString();
    }
}
