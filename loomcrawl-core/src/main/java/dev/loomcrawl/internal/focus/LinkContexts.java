package dev.loomcrawl.internal.focus;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.select.NodeVisitor;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * Where each link of an HTML page stands: the text around it (its list item, paragraph, table cell or definition,
 * cut) and the headings it falls under, by the link's resolved URL. Read with jsoup, only in a focused crawl.
 */
final class LinkContexts {
    /** Characters of a link's surrounding text kept. */
    static final int MAX_AROUND = 400;
    private static final Set<String> BLOCKS = Set.of("li", "p", "dd", "dt", "td", "th", "figcaption", "caption",
            "blockquote", "section", "article");

    /** The text around a link and its heading path. */
    record Context(String around, String headings) {}

    private LinkContexts() {}

    /** Each link target's first context on the page (its first link's), by the target's absolute URL. */
    static Map<String, Context> of(String html, String baseUrl) {
        Document doc = Jsoup.parse(html, baseUrl);
        Map<String, Context> out = new HashMap<>();
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
                    if (!url.isEmpty() && !out.containsKey(url)) out.put(url, new Context(around(e), path(headings)));
                }
            }

            @Override
            public void tail(Node node, int depth) {}
        });
        return out;
    }

    private static String around(Element a) {
        for (Element p = a.parent(); p != null && !p.normalName().equals("body"); p = p.parent()) {
            if (BLOCKS.contains(p.normalName())) {
                String text = p.ownText().isEmpty() && p.childrenSize() > 20 ? "" : p.text();
                return text.length() > MAX_AROUND ? text.substring(0, MAX_AROUND) : text;
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
