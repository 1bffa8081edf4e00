package dev.loomcrawl.content;

import dev.loomcrawl.extract.PageTree;
import org.jsoup.parser.Parser;

import java.util.Arrays;
import java.util.Locale;

/**
 * The namespace jsoup's HTML parser gives an element ({@link Parser#NamespaceHtml}, {@link Parser#NamespaceSvg} or
 * {@link Parser#NamespaceMathml}), which a {@link PageTree} does not record but jsoup's serialization and
 * {@code text()} depend on: an svg or math element starts foreign content, which its children share, except the
 * children of an HTML integration point (SVG's foreignObject, desc and title; MathML's annotation-xml for HTML) and,
 * but for mglyph and malignmark, of a MathML text integration point (mi, mo, mn, ms, mtext). The parser lets no other
 * HTML element into foreign content, so the names on the way from the document are enough.
 */
final class Namespaces {
    private Namespaces() {}

    /** Element {@code n}'s namespace. */
    static String of(PageTree t, int n) {
        int foreign = n;
        while (foreign > 0 && !t.is(foreign, "svg") && !t.is(foreign, "math")) {
            foreign = t.parent(foreign);
        }
        if (foreign <= 0) {
            return Parser.NamespaceHtml; // no foreign content around it
        }
        int[] path = new int[16];
        int depth = 0;
        for (int a = n; a > 0; a = t.parent(a)) {
            if (depth == path.length) {
                path = Arrays.copyOf(path, depth * 2);
            }
            path[depth++] = a;
        }
        String ns = Parser.NamespaceHtml;
        int parent = 0;
        for (int k = depth - 1; k >= 0; k--) {
            ns = child(t, parent, ns, path[k]);
            parent = path[k];
        }
        return ns;
    }

    /** The namespace of element {@code n}, a child of {@code parent}, whose namespace is {@code parentNs}. */
    static String child(PageTree t, int parent, String parentNs, int n) {
        String name = t.name(n);
        if (parentNs.equals(Parser.NamespaceSvg)) {
            if (!htmlIntegration(t, parent, parentNs)) {
                return parentNs;
            }
        } else if (parentNs.equals(Parser.NamespaceMathml)) {
            boolean html = htmlIntegration(t, parent, parentNs) || textIntegration(t.name(parent))
                    && !name.equals("mglyph") && !name.equals("malignmark");
            if (!html) {
                return t.is(parent, "annotation-xml") && name.equals("svg") ? Parser.NamespaceSvg : parentNs;
            }
        }
        return switch (name) {
            case "svg" -> Parser.NamespaceSvg;
            case "math" -> Parser.NamespaceMathml;
            default -> Parser.NamespaceHtml;
        };
    }

    private static boolean htmlIntegration(PageTree t, int n, String ns) {
        if (ns.equals(Parser.NamespaceSvg)) {
            return t.is(n, "foreignobject") || t.is(n, "desc") || t.is(n, "title");
        }
        if (t.is(n, "annotation-xml")) {
            String encoding = t.attr(n, "encoding").trim().toLowerCase(Locale.ROOT);
            return encoding.equals("text/html") || encoding.equals("application/xhtml+xml");
        }
        return false;
    }

    private static boolean textIntegration(String name) {
        return switch (name) {
            case "mi", "mo", "mn", "ms", "mtext" -> true;
            default -> false;
        };
    }
}
