package dev.loomcrawl.extract;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The tree builder's stack of open elements and its list of active formatting elements, holding only what
 * link extraction needs of each element (name, namespace, flags, the tag of formatting elements so they can
 * be recreated, the text of an open {@code <a>}, {@code <title>} or {@code <h1>}). The scope queries are
 * jsoup 1.24's ({@code HtmlTreeBuilder}).
 */
final class OpenElements {
    /** An element on the stack (or in the formatting list). */
    static final class Node implements ElementSink.Inserted {
        final String name;
        final int ns;
        final int flags;
        final TagToken tag; // kept for formatting elements only
        /** Its text, when a sink wants it (jsoup's {@code Element.text()}), else null. */
        ElementText text;
        /** Whether a sink asked to hear when it is closed. */
        boolean endWatched;
        boolean blockChild;
        boolean hasText;
        boolean onStack;
        /** Its node in the {@link PageTree} being recorded, if one is. */
        int index;

        Node(String name, int ns, int flags, TagToken tag) {
            this.name = name;
            this.ns = ns;
            this.flags = flags;
            this.tag = tag;
        }

        @Override
        public ElementText collectText() {
            if (text == null) text = new ElementText();
            return text;
        }

        @Override
        public void watchEnd() {
            endWatched = true;
        }

        /**
         * Whether this is the HTML element of that name; {@code n} is a literal. A known name is the literal itself
         * ({@link HtmlTags#name} gives the interned string), so identity decides; an unknown one is compared.
         */
        boolean is(String n) {
            return ns == HtmlTags.HTML && (name == n || (flags & HtmlTags.KNOWN) == 0 && name.equals(n));
        }

        /** Whether the two have the same name: two known names are the same string or different ones. */
        boolean sameName(Node other) {
            return name == other.name || (flags & other.flags & HtmlTags.KNOWN) == 0 && name.equals(other.name);
        }

        boolean has(int flag) {
            return (flags & flag) != 0;
        }
    }

    static final Node MARKER = new Node("#marker", HtmlTags.HTML, 0, null);

    private Node[] stack = new Node[64];
    private int size;
    /** How many HTML {@code <p>} elements are open: none, and no {@code p} is in any scope, without a walk. */
    private int openP;
    final List<Node> formatting = new ArrayList<>();

    int size() {
        return size;
    }

    Node get(int i) {
        return stack[i];
    }

    Node current() {
        return size == 0 ? null : stack[size - 1];
    }

    void push(Node node) {
        if (size == 500) throw new Unsupported("more than 500 open elements");
        if (size == stack.length) stack = Arrays.copyOf(stack, size * 2);
        stack[size++] = node;
        node.onStack = true;
        if (node.is("p")) openP++;
    }

    Node pop() {
        Node node = stack[--size];
        stack[size] = null;
        node.onStack = false;
        if (node.is("p")) openP--;
        return node;
    }

    void remove(Node node) {
        for (int i = size - 1; i >= 0; i--) {
            if (stack[i] == node) {
                System.arraycopy(stack, i + 1, stack, i, size - i - 1);
                stack[--size] = null;
                node.onStack = false;
                if (node.is("p")) openP--;
                return;
            }
        }
    }

    boolean contains(Node node) {
        return node.onStack;
    }

    /** The topmost HTML element with this name, or null (jsoup's {@code getFromStack}). */
    Node find(String name) {
        for (int i = size - 1; i >= 0; i--) {
            if (stack[i].is(name)) return stack[i];
        }
        return null;
    }

    boolean currentIs(String name) {
        return size > 0 && stack[size - 1].is(name);
    }

    boolean inScope(String name) {
        return inSpecificScope(name, HtmlTags.SCOPE);
    }

    boolean inListItemScope(String name) {
        return inSpecificScope(name, HtmlTags.SCOPE | HtmlTags.LIST_SCOPE);
    }

    boolean inButtonScope(String name) {
        if (openP == 0 && name.equals("p")) return false; // most calls are closeP's, before a block
        return inSpecificScope(name, HtmlTags.SCOPE | HtmlTags.BUTTON_SCOPE);
    }

    boolean inTableScope(String name) {
        return inSpecificScope(name, HtmlTags.TABLE_SCOPE);
    }

    private boolean inSpecificScope(String name, int boundary) {
        for (int i = size - 1; i >= 0; i--) {
            Node el = stack[i];
            if (el.is(name)) return true;
            if ((el.flags & boundary) != 0) return false;
        }
        return false;
    }

    boolean inScope(Node target) {
        for (int i = size - 1; i >= 0; i--) {
            if (stack[i] == target) return true;
            if (stack[i].has(HtmlTags.SCOPE)) return false;
        }
        return false;
    }

    boolean headingInScope() {
        for (int i = size - 1; i >= 0; i--) {
            Node el = stack[i];
            if (el.ns == HtmlTags.HTML && el.has(HtmlTags.HEADING)) return true;
            if (el.has(HtmlTags.SCOPE)) return false;
        }
        return false;
    }

    // The list of active formatting elements

    Node activeFormatting(String name) {
        for (int i = formatting.size() - 1; i >= 0; i--) {
            Node el = formatting.get(i);
            if (el == MARKER) return null;
            if (el.name == name || el.name.equals(name)) return el;
        }
        return null;
    }

    boolean isFormatting(Node node) {
        return formatting.contains(node);
    }

    void removeFormatting(Node node) {
        for (int i = formatting.size() - 1; i >= 0; i--) {
            if (formatting.get(i) == node) {
                formatting.remove(i);
                return;
            }
        }
    }

    void clearFormattingToMarker() {
        while (!formatting.isEmpty()) {
            if (formatting.remove(formatting.size() - 1) == MARKER) return;
        }
    }

    /** Adds a formatting element, first dropping the earliest of three equal ones (the "Noah's Ark" rule). */
    void pushFormatting(Node node) {
        int seen = 0;
        int last = formatting.size() - 1;
        int ceil = Math.max(0, last - 12);
        String[] attrs = null;
        for (int i = last; i >= ceil; i--) {
            Node el = formatting.get(i);
            if (el == MARKER) break;
            if (el.sameName(node)) {
                if (attrs == null) attrs = node.tag.normalised();
                if (sameAttributes(attrs, el.tag.normalised())) seen++;
            }
            if (seen == 3) {
                formatting.remove(i);
                break;
            }
        }
        formatting.add(node);
        if (formatting.size() > 512) throw new Unsupported("more than 512 formatting elements");
    }

    private static boolean sameAttributes(String[] a, String[] b) {
        if (a.length != b.length) return false;
        outer:
        for (int i = 0; i < a.length; i += 2) {
            for (int j = 0; j < b.length; j += 2) {
                if (a[i].equals(b[j])) {
                    if (!a[i + 1].equals(b[j + 1])) return false;
                    continue outer;
                }
            }
            return false;
        }
        return true;
    }
}
