package dev.loomcrawl.content;

import org.jsoup.nodes.Attribute;
import org.jsoup.nodes.Attributes;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;

import java.util.Arrays;

/**
 * A page's elements in document order with the text measures the scorer needs, made in one iterative pass and one
 * backward sum (no recursion, so any depth of nesting is fine, and nothing is asked of the DOM twice).
 *
 * <p>Element {@code i}'s subtree is the index range {@code [i, end[i])}. An element left out at once (a script, a
 * nav, a hidden or, when {@code stripUnlikely}, an unlikely-named block) is recorded with {@link #REMOVED} and its
 * subtree is not entered: its text counts nowhere. Lengths are in characters of text with whitespace runs counted as
 * one, as a browser's {@code innerText} would be.
 */
final class Tree {
    /** Left out at the scan: never content. */
    static final int REMOVED = 1;
    /** Inside a table (for Readability's "not inside a table" exemptions). */
    static final int IN_TABLE = 1 << 1;
    /** Inside pre or code: kept as it is. */
    static final int IN_CODE = 1 << 2;
    /** Inside figure. */
    static final int IN_FIGURE = 1 << 3;
    /** Inside a link. */
    private static final int IN_LINK = 1 << 4;
    /** Inside a link to a fragment of the same page (weighed 0.3 in the link density, as Readability does). */
    private static final int IN_HASH_LINK = 1 << 5;
    /** A table holding data (header cells, a caption, or many rows or columns): never cleaned away. */
    static final int DATA_TABLE = 1 << 7;
    /** Holds one of Readability's block elements ({@link Tags#BLOCK}) at some depth. */
    static final int HAS_BLOCK = 1 << 8;
    /** A div holding a single p and no text, with a link density under 0.25: Readability replaces it by the p. */
    static final int UNWRAPPED = 1 << 9;
    /** The page says this is its main content: main, role="main", or a DocBook division ({@link Declared}). */
    static final int DECLARED = 1 << 11;
    /** Inside a {@link #DECLARED} element. */
    static final int IN_DECLARED = 1 << 12;
    /** Holds a data table at some depth. */
    static final int HAS_DATA_TABLE = 1 << 10;

    Element[] el;
    int[] parent;
    int[] end;
    /** {@link Tags} bits of each element. */
    int[] kind;
    /** The {@link ClassWords} bits of its class and id together. */
    int[] words;
    /** Readability's class weight: +-25 for each of class and id naming content or boilerplate. */
    int[] weight;
    /** {@link #REMOVED} and the other context bits above. */
    int[] flags;
    /** Text length of the subtree. */
    int[] chars;
    /** Text length inside links, times ten (a fragment link's text counts three instead of ten). */
    int[] linkTenths;
    /** Commas in the subtree's text. */
    int[] commas;
    /** Text length of the element's own paragraph: its text nodes and those of its phrasing descendants. */
    int[] inline;
    int[] inlineCommas;
    /** Counts in the subtree, the element itself included. */
    int[] paragraphs;
    int[] images;
    int[] items;
    int[] embeds;
    int[] rows;
    int[] cells;
    int[] tables;
    /** Element children, those left out included. */
    int[] children;
    /** Text length inside headings, inside lists, and inside Readability's "textish" tags, below the element. */
    int[] headingChars;
    int[] listChars;
    int[] textishChars;
    int size;
    /** The rules the scan ran with. */
    final Rules rules;

    /**
     * What a scan leaves out and weighs.
     *
     * @param stripUnlikely leave out elements whose class or id names boilerplate and not content, as Readability's
     *                      first attempt does (inside a declared container, only {@link ClassWords#BOILERPLATE} words)
     * @param weighClasses  give elements Readability's class weights
     * @param divisions     mark the first DocBook division as declared (a page made by the DocBook stylesheets)
     */
    record Rules(boolean stripUnlikely, boolean weighClasses, boolean divisions) {}

    private Tree(int capacity, Rules rules) {
        this.rules = rules;
        el = new Element[capacity];
        parent = new int[capacity];
        end = new int[capacity];
        kind = new int[capacity];
        words = new int[capacity];
        weight = new int[capacity];
        flags = new int[capacity];
        chars = new int[capacity];
        linkTenths = new int[capacity];
        commas = new int[capacity];
        inline = new int[capacity];
        inlineCommas = new int[capacity];
    }

    /**
     * Scans {@code root}'s subtree by {@code rules}.
     */
    static Tree scan(Element root, Rules rules) {
        Tree t = new Tree(1024, rules);
        int[] stack = new int[64];
        int[] position = new int[64];
        int[] context = new int[64];
        int depth = 0;
        stack[0] = t.add(root, -1, 0, rules);
        context[0] = t.flags[0] & ~REMOVED;
        depth = (t.flags[0] & REMOVED) != 0 ? 0 : 1;
        while (depth > 0) {
            int top = depth - 1;
            int i = stack[top];
            Element e = t.el[i];
            int at = position[top];
            if (at >= e.childNodeSize()) {
                t.end[i] = t.size;
                depth--;
                continue;
            }
            position[top] = at + 1;
            Node child = e.childNode(at);
            if (child instanceof TextNode text) {
                t.text(i, text.getWholeText(), context[top]);
            } else if (child instanceof Element ce) {
                int j = t.add(ce, i, context[top], rules);
                if ((t.flags[j] & REMOVED) != 0) {
                    t.end[j] = j + 1;
                } else {
                    if (depth == stack.length) {
                        stack = Arrays.copyOf(stack, depth * 2);
                        position = Arrays.copyOf(position, depth * 2);
                        context = Arrays.copyOf(context, depth * 2);
                    }
                    stack[depth] = j;
                    position[depth] = 0;
                    context[depth] = t.flags[j];
                    depth++;
                }
            }
        }
        if (t.size > 0 && t.end[0] == 0) {
            t.end[0] = t.size;
        }
        t.sum();
        return t;
    }

    /** Records {@code e} under {@code parentIndex}; {@code context} is the parent's context bits. */
    private int add(Element e, int parentIndex, int context, Rules rules) {
        if (size == el.length) {
            grow();
        }
        int i = size++;
        el[i] = e;
        parent[i] = parentIndex;
        int k = Tags.of(e.normalName());
        kind[i] = k;
        int f = context & (IN_TABLE | IN_CODE | IN_FIGURE | IN_LINK | IN_HASH_LINK | IN_DECLARED);
        int w = 0;
        int found = 0;
        if ((k & Tags.A) != 0) {
            f |= IN_LINK;
        }
        // Inside code, attributes say nothing of content (syntax highlighting's spans); only links count there.
        boolean read = (context & IN_CODE) == 0 || (k & Tags.A) != 0;
        if (read && e.attributesSize() > 0) {
            Attributes a = e.attributes();
            String className = "";
            String id = "";
            String role = "";
            boolean byline = false;
            boolean hidden = false;
            boolean hash = false;
            for (Attribute at : a) {
                String value = at.getValue();
                switch (at.getKey()) {
                    case "class" -> className = value;
                    case "id" -> id = value;
                    case "role" -> role = value;
                    case "rel" -> byline |= value.equals("author");
                    case "itemprop" -> byline |= value.contains("author");
                    case "hidden" -> hidden = true;
                    case "aria-hidden" -> hidden |= value.equals("true");
                    case "style" -> hidden |= Visibility.hides(value);
                    case "href" -> hash = !value.isEmpty() && value.charAt(0) == '#';
                    default -> { }
                }
            }
            int classWords = className.isEmpty() ? 0 : ClassWords.of(className);
            int idWords = id.isEmpty() || anchor(id) ? 0 : ClassWords.of(id);
            found = classWords | idWords | (byline ? ClassWords.BYLINE : 0);
            if (rules.weighClasses()) {
                w = weightOf(classWords) + weightOf(idWords);
            }
            if (role.equals("main")) {
                f |= DECLARED;
            }
            if (hidden && !className.contains("fallback-image") || Visibility.unlikelyRole(role)) {
                f |= REMOVED;
            } else if (rules.stripUnlikely() && (found & ClassWords.MAYBE) == 0
                    && (found & ((context & IN_DECLARED) != 0 ? ClassWords.BOILERPLATE : ClassWords.UNLIKELY)) != 0
                    && (context & (IN_TABLE | IN_CODE)) == 0 && (k & (Tags.BODY | Tags.A)) == 0) {
                f |= REMOVED;
            }
            if (rules.divisions() && (context & IN_DECLARED) == 0 && Declared.division(className)) {
                f |= DECLARED;
            }
            if (hash && (k & Tags.A) != 0) {
                f |= IN_HASH_LINK;
            }
        }
        if ((k & Tags.DROP) != 0) {
            f |= REMOVED;
        }
        if ((k & Tags.TABLE) != 0) {
            f |= IN_TABLE;
        }
        if ((k & Tags.CODE) != 0) {
            f |= IN_CODE;
        }
        if ((k & Tags.FIGURE) != 0) {
            f |= IN_FIGURE;
        }
        if ((k & Tags.MAIN) != 0) {
            f |= DECLARED;
        }
        if ((f & DECLARED) != 0) {
            f |= IN_DECLARED;
        }
        words[i] = found;
        weight[i] = w;
        flags[i] = f;
        return i;
    }

    /**
     * Whether {@code id} is an anchor to a named thing (a method, a module member) rather than the name of a page
     * part: it holds a parenthesis or a dot, as javadoc's {@code setComment(java.lang.String)} or Sphinx's
     * {@code json.JSONDecoder}. Its words say nothing about being boilerplate.
     */
    static boolean anchor(String id) {
        return id.indexOf('(') >= 0 || id.indexOf('.') >= 0;
    }

    private static int weightOf(int found) {
        int w = 0;
        if ((found & ClassWords.NEGATIVE) != 0) {
            w -= 25;
        }
        if ((found & ClassWords.POSITIVE) != 0) {
            w += 25;
        }
        return w;
    }

    /** Adds a text node's length and commas to element {@code i}. */
    private void text(int i, String s, int context) {
        int n = 0;
        int c = 0;
        boolean space = true;
        for (int k = 0, len = s.length(); k < len; k++) {
            char ch = s.charAt(k);
            if (ch == ' ' || ch == '\n' || ch == '\t' || ch == '\r' || ch == '\f' || ch == '\u00a0') {
                if (!space) {
                    n++;
                    space = true;
                }
            } else {
                n++;
                space = false;
                if (ch == ',' || ch == '\uff0c' || ch == '\u060c' || ch == '\ufe50' || ch == '\ufe10'
                        || ch == '\ufe11' || ch == '\u2e41' || ch == '\u2e34' || ch == '\u2e32') {
                    c++;
                }
            }
        }
        chars[i] += n;
        inline[i] += n;
        commas[i] += c;
        inlineCommas[i] += c;
        if ((context & IN_LINK) != 0) {
            linkTenths[i] += (context & IN_HASH_LINK) != 0 ? 3 * n : 10 * n;
        }
    }

    /** Sums the measures of every element into its ancestors, last element first. */
    private void sum() {
        paragraphs = new int[size];
        images = new int[size];
        items = new int[size];
        embeds = new int[size];
        rows = new int[size];
        cells = new int[size];
        tables = new int[size];
        children = new int[size];
        headingChars = new int[size];
        listChars = new int[size];
        textishChars = new int[size];
        for (int i = size - 1; i >= 0; i--) {
            int k = kind[i];
            int p = parent[i];
            if (p >= 0) {
                children[p]++;
            }
            if ((flags[i] & REMOVED) != 0) {
                if ((k & Tags.EMBED) != 0) {
                    embeds[i]++;
                }
                if (p >= 0) {
                    embeds[p] += embeds[i];
                }
                continue;
            }
            if ((k & Tags.P) != 0 || (k & Tags.DIV) != 0 && ((flags[i] & HAS_BLOCK) == 0 || inline[i] > 0)) {
                paragraphs[i]++; // a p, a div Readability turns into one, or one it wraps text runs of in one
            }
            if ((k & Tags.IMG) != 0) {
                images[i]++;
            }
            if ((k & Tags.LI) != 0) {
                items[i]++;
            }
            if ((k & Tags.TABLE) != 0) {
                markDataTable(i);
                tables[i]++;
            }
            if ((k & Tags.TR) != 0) {
                rows[i]++;
            } else if ((k & Tags.TD) != 0) {
                cells[i]++;
            }
            if ((k & Tags.DIV) != 0 && children[i] == 1 && inline[i] == 0 && (kind[i + 1] & Tags.P) != 0
                    && (flags[i + 1] & REMOVED) == 0 && linkDensity(i) < 0.25) {
                flags[i] |= UNWRAPPED;
            }
            if (p < 0) {
                continue;
            }
            if ((k & Tags.BLOCK) != 0 || (flags[i] & HAS_BLOCK) != 0) {
                flags[p] |= HAS_BLOCK;
            }
            if ((flags[i] & (DATA_TABLE | HAS_DATA_TABLE)) != 0) {
                flags[p] |= HAS_DATA_TABLE;
            }
            chars[p] += chars[i];
            linkTenths[p] += linkTenths[i];
            commas[p] += commas[i];
            paragraphs[p] += paragraphs[i];
            images[p] += images[i];
            items[p] += items[i];
            embeds[p] += embeds[i];
            rows[p] += rows[i];
            cells[p] += cells[i];
            tables[p] += tables[i];
            headingChars[p] += (k & Tags.HEADING) != 0 ? chars[i] : headingChars[i];
            listChars[p] += (k & Tags.LIST) != 0 ? chars[i] : listChars[i];
            textishChars[p] += (k & Tags.TEXTISH) != 0 ? chars[i] : textishChars[i];
            if ((k & Tags.PHRASING) != 0) {
                inline[p] += inline[i];
                inlineCommas[p] += inlineCommas[i];
            }
        }
    }

    /**
     * Whether table {@code i} holds data, after Readability's {@code _markDataTables}: not when it says it is for
     * presentation or holds another table; yes with a summary, header cells, a caption, 10 rows or more, more than
     * 4 columns or more than 10 cells.
     */
    private void markDataTable(int i) {
        Element t = el[i];
        if (t.attributesSize() > 0 && (t.attr("role").equals("presentation") || t.attr("datatable").equals("0"))) {
            return;
        }
        boolean data;
        if (tables[i] > 0) {
            data = false; // a nested table (the sum has not added the table itself yet)
        } else if (t.attributesSize() > 0 && !t.attr("summary").isEmpty()) {
            data = true;
        } else {
            data = hasDataPart(i) || rows[i] >= 10 || (rows[i] > 0 && cells[i] / rows[i] > 4) || cells[i] > 10;
        }
        if (data) {
            flags[i] |= DATA_TABLE;
        }
    }

    private boolean hasDataPart(int i) {
        for (int j = i + 1; j < end[i]; j++) {
            if ((kind[j] & Tags.DATA_TABLE_PART) != 0) {
                return true;
            }
        }
        return false;
    }

    /** Link density: the share of the subtree's text inside links (fragment links weighed 0.3). */
    double linkDensity(int i) {
        return chars[i] == 0 ? 0 : linkTenths[i] / (10.0 * chars[i]);
    }

    /** Text length of the subtree outside links. */
    int plain(int i) {
        return chars[i] - linkTenths[i] / 10;
    }

    boolean removed(int i) {
        return (flags[i] & REMOVED) != 0;
    }

    private void grow() {
        int n = el.length * 2;
        el = Arrays.copyOf(el, n);
        parent = Arrays.copyOf(parent, n);
        end = Arrays.copyOf(end, n);
        kind = Arrays.copyOf(kind, n);
        words = Arrays.copyOf(words, n);
        weight = Arrays.copyOf(weight, n);
        flags = Arrays.copyOf(flags, n);
        chars = Arrays.copyOf(chars, n);
        linkTenths = Arrays.copyOf(linkTenths, n);
        commas = Arrays.copyOf(commas, n);
        inline = Arrays.copyOf(inline, n);
        inlineCommas = Arrays.copyOf(inlineCommas, n);
    }
}
