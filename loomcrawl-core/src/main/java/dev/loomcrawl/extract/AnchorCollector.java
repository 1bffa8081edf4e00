package dev.loomcrawl.extract;

import java.util.HashSet;
import java.util.Set;

/**
 * A page's anchors, in the streaming pass: the {@code id} of every element and the {@code name} of every HTML
 * {@code <a>}, what a URL's fragment may name (HTML's "find a potential indicated element"). {@link #of} reads the
 * same from jsoup's DOM.
 */
final class AnchorCollector implements ElementSink {
    private final Set<String> anchors = new HashSet<>();

    @Override
    public void element(String name, int ns, TagToken attrs, Inserted el) {
        String id = attrs.get("id");
        if (id != null && !id.isEmpty()) anchors.add(id);
        if (ns == HtmlTags.HTML && name.equals("a")) {
            String anchorName = attrs.get("name");
            if (anchorName != null && !anchorName.isEmpty()) anchors.add(anchorName);
        }
    }

    Set<String> anchors() {
        return anchors;
    }

    /** The anchors of jsoup's DOM: the oracle of the streaming pass's. */
    static Set<String> of(org.jsoup.nodes.Document doc) {
        Set<String> anchors = new HashSet<>();
        for (org.jsoup.nodes.Element el : doc.getAllElements()) {
            String id = el.attr("id");
            if (!id.isEmpty()) anchors.add(id);
            if (el.normalName().equals("a") && el.tag().namespace().equals(org.jsoup.parser.Parser.NamespaceHtml)) {
                String name = el.attr("name");
                if (!name.isEmpty()) anchors.add(name);
            }
        }
        return anchors;
    }
}
