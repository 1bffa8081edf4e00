package dev.loomcrawl.extract;

import org.jsoup.nodes.Attribute;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.NodeTraversor;
import org.jsoup.select.NodeVisitor;

import java.util.Arrays;

/**
 * A page's DOM as arrays: elements and text nodes numbered in document order, each with its parent and the end of its
 * subtree, element names and attributes as ranges of the page's characters, text in one character buffer. What
 * {@code dev.loomcrawl.content} reads a page's main content, Markdown and text from, at a fraction of the cost of
 * jsoup's DOM, which is kept as this tree's oracle ({@code PageTreeTest} compares the two on every page of the
 * docs sets).
 *
 * <p>Made by the link pass itself ({@link StreamingLinkExtractor}, asked with {@code tree}), which follows jsoup's
 * tree builder and so knows where every element and text goes (each new node's parent is the last node or one of
 * its ancestors, so document order is the order of insertion), or from a jsoup DOM ({@link #of(Element)}) for pages
 * that pass hands to jsoup, rendered pages and callers holding a DOM. Comments, the doctype and the data of
 * {@code <script>} and {@code <style>} elements (jsoup's data nodes) are not in it.
 *
 * <p>Node {@code 0} is the document. Node {@code n}'s subtree is {@code [n, end(n))}: its first child is {@code n + 1}
 * when that is below {@code end(n)}, and the sibling after a child {@code c} is {@code end(c)} when that is below
 * its parent's end. Adjacent text is one text node. Immutable once made.
 */
public final class PageTree {
    /** The document node's name. */
    public static final String DOCUMENT = "#document";

    private int size;
    private int[] parent;
    /** Made by {@link #finish()}, when the number of nodes is known. */
    private int[] end;
    /** An element's normal name (lower case, as jsoup's {@code normalName}); null for a text node. */
    private String[] name;
    /** For an element, its attributes' slots {@code [from, to)}; for a text node, its range of {@link #text}. */
    private int[] from;
    private int[] to;
    /** Per attribute slot: name start, name end, value start (-1: none), value end, in {@link #attrChars}. */
    private int[] attrs;
    private int attrCount;
    private char[] attrChars;
    /** Whether attribute values hold character references still to decode (the page's own characters). */
    private final boolean encoded;
    private char[] text;
    private int textLength;
    /** The first element named base, or -1. */
    private int firstBase = -1;
    /**
     * While the tree is made: the parent of the last node when that is a text node, which text inserted into the same
     * parent joins; else -1.
     */
    private int textParent = -1;

    private PageTree(char[] attrChars, boolean encoded, int capacity, int textCapacity) {
        this.attrChars = attrChars;
        this.encoded = encoded;
        parent = new int[capacity];
        name = new String[capacity];
        from = new int[capacity];
        to = new int[capacity];
        attrs = new int[Math.max(64, capacity * 2)];
        text = new char[textCapacity];
        size = 1; // the document
        name[0] = DOCUMENT;
        parent[0] = -1;
    }

    /** Nodes, the document included. */
    public int size() {
        return size;
    }

    /** The first element named {@code base} (in any namespace), or -1 when there is none: most pages have none. */
    public int firstBase() {
        return firstBase;
    }

    /** The parent of node {@code n}; -1 for the document. */
    public int parent(int n) {
        return parent[n];
    }

    /** The end of node {@code n}'s subtree: the first node after it that is not inside it. */
    public int end(int n) {
        return end[n];
    }

    /** Node {@code n}'s first child, or -1. */
    public int firstChild(int n) {
        return n + 1 < end[n] ? n + 1 : -1;
    }

    /** The sibling after node {@code n}, or -1. */
    public int next(int n) {
        int p = parent[n];
        return p >= 0 && end[n] < end[p] ? end[n] : -1;
    }

    public boolean isText(int n) {
        return name[n] == null;
    }

    /** Element {@code n}'s name in lower case (jsoup's {@code normalName}); null for a text node. */
    public String name(int n) {
        return name[n];
    }

    /** Whether node {@code n} is an element with this (lower-case) name. */
    public boolean is(int n, String lowerName) {
        String s = name[n];
        return s != null && s.equals(lowerName);
    }

    /** The characters of every text node ({@link #textStart}, {@link #textEnd}); do not change them. */
    public char[] text() {
        return text;
    }

    /** Where text node {@code n}'s characters start in {@link #text()}. */
    public int textStart(int n) {
        return from[n];
    }

    public int textEnd(int n) {
        return to[n];
    }

    /** Text node {@code n}'s text, as jsoup's {@code TextNode.getWholeText()}. */
    public String textOf(int n) {
        return new String(text, from[n], to[n] - from[n]);
    }

    /** How many attributes element {@code n} has (0 for a text node). */
    public int attributes(int n) {
        return name[n] == null ? 0 : to[n] - from[n];
    }

    /** The lower-case name of element {@code n}'s attribute {@code i} (of {@link #attributes}). */
    public String attributeName(int n, int i) {
        int a = (from[n] + i) * 4;
        return HtmlTags.lowerAscii(new String(attrChars, attrs[a], attrs[a + 1] - attrs[a]));
    }

    /** The value of element {@code n}'s attribute {@code i}, decoded; "" when it has none. */
    public String attributeValue(int n, int i) {
        return value((from[n] + i) * 4);
    }

    /** Which of {@code lowerNames} the name of element {@code n}'s attribute {@code i} is: its index, or -1. */
    public int attributeNameIn(int n, int i, String[] lowerNames) {
        int a = (from[n] + i) * 4;
        int start = attrs[a];
        int length = attrs[a + 1] - start;
        if (length == 0) return -1;
        char first = lower(attrChars[start]);
        for (int k = 0; k < lowerNames.length; k++) {
            String s = lowerNames[k];
            if (s.length() == length && s.charAt(0) == first && nameIs(a, s)) return k;
        }
        return -1;
    }

    /**
     * Where the name of element {@code n}'s attribute {@code i} starts in {@link #attributeChars()}: the name as the
     * page writes it (any case), for telling names apart without comparing each one ({@code content.Nodes} does).
     */
    public int nameStart(int n, int i) {
        return attrs[(from[n] + i) * 4];
    }

    /** Where the name of element {@code n}'s attribute {@code i} ends in {@link #attributeChars()}. */
    public int nameEnd(int n, int i) {
        return attrs[(from[n] + i) * 4 + 1];
    }

    /**
     * The characters that attribute names and values are ranges of ({@link #valueStart}, {@link #valueEnd},
     * {@link #nameStart}), for reading a value without making a string of it; do not change them.
     */
    public char[] attributeChars() {
        return attrChars;
    }

    /**
     * Where the value of element {@code n}'s attribute {@code i} starts in {@link #attributeChars()}; -1 when it has
     * none ({@code <p a>}, not {@code <p a="">}). The characters are the value as the page writes it: when they hold a
     * '&', it may be a character reference, which {@link #attributeValue} decodes.
     */
    public int valueStart(int n, int i) {
        return attrs[(from[n] + i) * 4 + 2];
    }

    /** Where the value of element {@code n}'s attribute {@code i} ends in {@link #attributeChars()}. */
    public int valueEnd(int n, int i) {
        return attrs[(from[n] + i) * 4 + 3];
    }

    /**
     * The index (of {@link #attributes}) of element {@code n}'s first attribute with this (lower-case) name, or -1:
     * for reading its value without making a string of it ({@link #valueStart}, {@link #valueHasReference}).
     */
    public int attributeIndex(int n, String lowerName) {
        int a = slot(n, lowerName);
        return a < 0 ? -1 : a / 4 - from[n];
    }

    /** Whether the value of element {@code n}'s attribute {@code i} holds a character reference still to decode. */
    public boolean valueHasReference(int n, int i) {
        if (!encoded) return false;
        int a = (from[n] + i) * 4;
        for (int k = attrs[a + 2], stop = attrs[a + 3]; k < stop; k++) {
            if (attrChars[k] == '&') return true;
        }
        return false;
    }

    /** Whether element {@code n} has the attribute. */
    public boolean hasAttr(int n, String lowerName) {
        return slot(n, lowerName) >= 0;
    }

    /** The decoded value of element {@code n}'s attribute, "" when it has none or no value (jsoup's {@code attr}). */
    public String attr(int n, String lowerName) {
        int a = slot(n, lowerName);
        return a < 0 ? "" : value(a);
    }

    /** The slot (times four) of the first attribute of {@code n} with this name, or -1. */
    private int slot(int n, String lowerName) {
        if (name[n] == null) return -1;
        for (int i = from[n], last = to[n]; i < last; i++) {
            if (nameIs(i * 4, lowerName)) return i * 4;
        }
        return -1;
    }

    private boolean nameIs(int a, String lowerName) {
        int start = attrs[a];
        int len = lowerName.length();
        if (attrs[a + 1] - start != len) return false;
        for (int k = 0; k < len; k++) {
            if (lower(attrChars[start + k]) != lowerName.charAt(k)) return false;
        }
        return true;
    }

    private static char lower(char ch) {
        return ch >= 'A' && ch <= 'Z' ? (char) (ch + 32) : ch;
    }

    private String value(int a) {
        int start = attrs[a + 2];
        if (start < 0) return "";
        int stop = attrs[a + 3];
        if (encoded) {
            for (int i = start; i < stop; i++) {
                if (attrChars[i] == '&') {
                    return CharacterReferences.decode(attrChars, start, stop, true);
                }
            }
        }
        return new String(attrChars, start, stop - start);
    }

    // Making one

    /** Adds element {@code elementName} as the last child of {@code parentNode}; its attributes come next. */
    private int add(int parentNode, String elementName) {
        int n = node(parentNode);
        name[n] = elementName;
        from[n] = attrCount;
        textParent = -1;
        // a length is cheaper to compare than a name, which the few that are four letters long are compared by
        if (firstBase < 0 && elementName.length() == 4 && elementName.equals("base")) firstBase = n;
        return n;
    }

    private int node(int parentNode) {
        if (size == parent.length) grow();
        int n = size++;
        parent[n] = parentNode;
        return n;
    }

    /** Twice the room for nodes. */
    private void grow() {
        int n = size * 2;
        parent = Arrays.copyOf(parent, n);
        name = Arrays.copyOf(name, n);
        from = Arrays.copyOf(from, n);
        to = Arrays.copyOf(to, n);
    }

    private void attribute(int nameStart, int nameEnd, int valueStart, int valueEnd) {
        if ((attrCount + 1) * 4 > attrs.length) attrs = Arrays.copyOf(attrs, attrs.length * 2);
        int a = attrCount++ * 4;
        attrs[a] = nameStart;
        attrs[a + 1] = nameEnd;
        attrs[a + 2] = valueStart;
        attrs[a + 3] = valueEnd;
    }

    private void ensureText(int more) {
        if (textLength + more > text.length) {
            text = Arrays.copyOf(text, Math.max(text.length * 2, textLength + more));
        }
    }

    /**
     * Where text for {@code parentNode} goes: the last node, when it is text in the same parent (adjacent text is
     * one node), else a new text node; its text ends at {@link #textLength}, to which the caller appends.
     */
    private int textNode(int parentNode) {
        if (parentNode == textParent) return size - 1;
        int n = node(parentNode);
        from[n] = textLength;
        textParent = parentNode;
        return n;
    }

    /** Appends text to {@code parentNode}: to its last child when that is text, else as a new text node. */
    private void appendText(int parentNode, String s) {
        if (s.isEmpty()) return;
        int n = textNode(parentNode);
        ensureText(s.length());
        s.getChars(0, s.length(), text, textLength);
        textLength += s.length();
        to[n] = textLength;
    }

    /**
     * Sets every subtree's end in one pass from the last node back: a node's children come after it, so by the time
     * a node is reached every node inside it has raised its end to theirs (a leaf's stays one past itself).
     */
    private PageTree finish() {
        int[] e = new int[size];
        for (int n = size - 1; n > 0; n--) {
            int stop = Math.max(e[n], n + 1);
            e[n] = stop;
            int p = parent[n];
            if (stop > e[p]) e[p] = stop;
        }
        e[0] = size;
        end = e;
        return this;
    }

    /**
     * The tree of the page {@code html}, decoded with {@code charset} (null: as jsoup finds it), parsed by jsoup with
     * {@code baseUri} as its base: for pages whose link pass kept no tree. jsoup parses it as it parses a page for its
     * links ({@link JsoupLinkExtractor#document}: a page of NULs without them).
     */
    public static PageTree parse(byte[] html, String charset, String baseUri) {
        return of(JsoupLinkExtractor.document(html, charset, baseUri));
    }

    /**
     * The tree of {@code root}'s subtree as jsoup has it: a document, or an element, which becomes the document
     * node's only child. jsoup's traversal does not recurse, so any depth is fine.
     */
    public static PageTree of(Element root) {
        StringBuilder chars = new StringBuilder();
        PageTree t = new PageTree(null, false, 256, 2048);
        NodeTraversor.traverse(new NodeVisitor() {
            private int current;

            @Override
            public void head(Node node, int depth) {
                if (node instanceof TextNode tn) { // a CDATA section too, as in jsoup
                    String s = tn.getWholeText();
                    t.appendText(current, s);
                } else if (node instanceof Element e && !(node instanceof Document)) {
                    int n = t.add(current, e.normalName());
                    for (Attribute a : e.attributes()) {
                        int ns = chars.length();
                        chars.append(a.getKey());
                        int vs = chars.length();
                        chars.append(a.getValue());
                        t.attribute(ns, vs, a.hasDeclaredValue() ? vs : -1, chars.length());
                    }
                    t.to[n] = t.attrCount;
                    current = n;
                }
            }

            @Override
            public void tail(Node node, int depth) {
                if (node instanceof Element && !(node instanceof Document)) current = t.parent[current];
            }
        }, root);
        t.attrChars = new char[chars.length()];
        chars.getChars(0, chars.length(), t.attrChars, 0);
        return t.finish();
    }

    /**
     * Records the tree as {@link TreeShadow} builds it: elements as they are inserted (their parent is the current
     * node), text as it is inserted, the end of each element's subtree at the end ({@link #finish()}).
     */
    static final class Builder {
        private final PageTree tree;
        private final StringBuilder trailingInHtml = new StringBuilder();
        private final StringBuilder trailingInDocument = new StringBuilder();

        Builder(char[] c) {
            // the JDK and Python docs have a node in 20 to 30 characters (a median of 23.5): room for one in 20 is
            // enough for 95 pages in 100, where one in 24 made more than half grow (a copy, and twice the room)
            int nodes = Math.max(64, c.length / 20);
            this.tree = new PageTree(c, true, nodes, Math.max(256, nodes * 8));
        }

        /*
         * element and text are what every node of a page goes through: each does its work in one method, without the
         * calls PageTree.of's path makes, which C1 (the launcher's compiler) does not inline.
         */

        /** Records an element inserted into {@code parentNode} (0: the document); returns its node. */
        int element(int parentNode, String name, TagToken tag) {
            PageTree t = tree;
            int n = t.size;
            if (n == t.parent.length) t.grow();
            t.size = n + 1;
            t.parent[n] = parentNode;
            t.name[n] = name;
            int a = t.attrCount;
            t.from[n] = a;
            int count = tag.count();
            if (count > 0) {
                int need = (a + count) * 4;
                if (need > t.attrs.length) t.attrs = Arrays.copyOf(t.attrs, Math.max(need, t.attrs.length * 2));
                System.arraycopy(tag.ranges(), 0, t.attrs, a * 4, count * 4);
                a += count;
                t.attrCount = a;
            }
            t.to[n] = a;
            t.textParent = -1;
            // a length is cheaper to compare than a name, which the few that are four letters long are compared by
            if (t.firstBase < 0 && name.length() == 4 && name.equals("base")) t.firstBase = n;
            return n;
        }

        /** Whether a node was recorded after {@code node} as its sibling: the last node has the same parent. */
        boolean hasLaterSibling(int node) {
            int last = tree.size - 1;
            return last > node && tree.parent[last] == tree.parent[node];
        }

        /** Text inserted into {@code parentNode}. */
        void text(int parentNode, Chars chars) {
            chars.appendTo(this, parentNode);
        }

        /** Text {@code chars[start, end)} inserted into {@code parentNode}, as it is. */
        void text(int parentNode, char[] chars, int start, int end) {
            int length = end - start;
            if (length == 0) return;
            PageTree t = tree;
            int at = t.textLength;
            int stop = at + length;
            if (stop > t.text.length) t.text = Arrays.copyOf(t.text, Math.max(t.text.length * 2, stop));
            System.arraycopy(chars, start, t.text, at, length);
            t.textLength = stop;
            int n = t.size;
            if (parentNode == t.textParent) {
                n--; // joins the text before it
            } else {
                if (n == t.parent.length) t.grow();
                t.size = n + 1;
                t.parent[n] = parentNode;
                t.from[n] = at;
                t.textParent = parentNode;
            }
            t.to[n] = stop;
        }

        /**
         * Text with character references inserted into {@code parentNode}, decoded straight into the tree; the first
         * '&amp;' is at {@code amp}, and what comes before it is copied as it is. Returns where the decoded text
         * starts in {@link #text()}, or -1 when it went another way (a reference only jsoup decodes).
         */
        int decoded(int parentNode, char[] chars, int start, int amp, int end) {
            PageTree t = tree;
            t.ensureText(end - start);
            int at = t.textLength;
            System.arraycopy(chars, start, t.text, at, amp - start);
            int stop = CharacterReferences.decodeInto(chars, amp, end, t.text, at + amp - start);
            if (stop < 0) {
                text(parentNode, CharacterReferences.decode(chars, start, end, false));
                return -1;
            }
            int n = t.textNode(parentNode);
            t.textLength = stop;
            t.to[n] = stop;
            return at;
        }

        /**
         * The characters recorded text is in, up to {@link #textLength()}, for reading back what {@link #decoded}
         * decoded (they are not changed, a bigger array takes over when they are full).
         */
        char[] text() {
            return tree.text;
        }

        int textLength() {
            return tree.textLength;
        }

        void text(int parentNode, String s) {
            tree.appendText(parentNode, s);
        }

        /**
         * Whitespace after the body, which jsoup puts in {@code <html>} ({@code html} true) or the document, after
         * all that the body gets, even what comes later in the page; added at the end.
         */
        void trailing(boolean html, String whitespace) {
            (html ? trailingInHtml : trailingInDocument).append(whitespace);
        }

        PageTree tree() {
            String inHtml = trailingInHtml.toString();
            if (!inHtml.isEmpty()) {
                for (int n = 1; n < tree.size; n++) {
                    if (tree.name[n] != null) { // the document's element: html
                        text(n, inHtml);
                        break;
                    }
                }
            }
            if (!trailingInDocument.isEmpty()) text(0, trailingInDocument.toString());
            return tree.finish();
        }
    }
}
