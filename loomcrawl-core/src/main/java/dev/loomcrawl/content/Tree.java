package dev.loomcrawl.content;

import dev.loomcrawl.extract.PageTree;

import java.util.Arrays;

/**
 * The elements of a page's body in document order with the text measures the scorer needs, made from its
 * {@link Nodes} in one backward sum (no recursion, so any depth of nesting is fine).
 *
 * <p>Element {@code i}'s subtree is the index range {@code [i, end[i])}; {@code node[i]} is its node in the
 * {@link PageTree}. An element left out at once (a script, a nav, a hidden or, when {@code stripUnlikely}, an
 * unlikely-named block) is recorded with {@link #REMOVED} and its subtree is not entered: its text counts nowhere.
 * Lengths are in characters of text with whitespace runs counted as one, as a browser's {@code innerText} would be.
 * A tree is not changed once made, so trees that differ only in their weights share their other arrays.
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
    static final int IN_LINK = 1 << 4;
    /** Inside a link to a fragment of the same page (weighed 0.3 in the link density, as Readability does). */
    static final int IN_HASH_LINK = 1 << 5;
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

    final Nodes nodes;
    final int size;
    /** Each element's node in the page. */
    final int[] node;
    final int[] parent;
    final int[] end;
    /** {@link Tags} bits of each element. */
    final int[] kind;
    /** The {@link ClassWords} bits of its class and id together. */
    final int[] words;
    /** Readability's class weight: +-25 for each of class and id naming content or boilerplate; 0 when unweighed. */
    final int[] weight;
    /** {@link #REMOVED} and the other context bits above. */
    final int[] flags;
    /** The length and commas of the text directly in each element ({@link Nodes#ownChars}). */
    private final int[] ownChars;
    private final int[] ownCommas;
    /** Text length of the subtree. */
    final int[] chars;
    /** Text length inside links, times ten (a fragment link's text counts three instead of ten). */
    final int[] linkTenths;
    /** Commas in the subtree's text. */
    final int[] commas;
    /** Text length of the element's own paragraph: its text nodes and those of its phrasing descendants. */
    final int[] inline;
    final int[] inlineCommas;
    /** Counts in the subtree, the element itself included. */
    final int[] paragraphs;
    final int[] images;
    final int[] items;
    final int[] embeds;
    final int[] rows;
    final int[] cells;
    final int[] tables;
    /** Element children, those left out included. */
    final int[] children;
    /** Text length inside headings, inside lists, and inside Readability's "textish" tags, below the element. */
    final int[] headingChars;
    final int[] listChars;
    final int[] textishChars;

    private Tree(Nodes nodes, int size, int[] node, int[] parent, int[] end, int[] kind, int[] words, int[] weight,
                 int[] flags, int[] ownChars, int[] ownCommas, boolean measured) {
        this.nodes = nodes;
        this.size = size;
        this.node = node;
        this.parent = parent;
        this.end = end;
        this.kind = kind;
        this.words = words;
        this.weight = weight;
        this.flags = flags;
        this.ownChars = ownChars;
        this.ownCommas = ownCommas;
        chars = new int[size];
        linkTenths = new int[size];
        if (!measured) {
            commas = inline = inlineCommas = paragraphs = images = items = embeds = rows = cells = tables = null;
            children = headingChars = listChars = textishChars = null;
            return;
        }
        commas = new int[size];
        inline = new int[size];
        inlineCommas = new int[size];
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
    }

    /** A tree sharing {@code t}'s arrays but for its weights, which are {@code weight}. */
    private Tree(Tree t, int[] weight) {
        nodes = t.nodes;
        size = t.size;
        node = t.node;
        parent = t.parent;
        end = t.end;
        kind = t.kind;
        words = t.words;
        this.weight = weight;
        flags = t.flags;
        ownChars = t.ownChars;
        ownCommas = t.ownCommas;
        chars = t.chars;
        linkTenths = t.linkTenths;
        commas = t.commas;
        inline = t.inline;
        inlineCommas = t.inlineCommas;
        paragraphs = t.paragraphs;
        images = t.images;
        items = t.items;
        embeds = t.embeds;
        rows = t.rows;
        cells = t.cells;
        tables = t.tables;
        children = t.children;
        headingChars = t.headingChars;
        listChars = t.listChars;
        textishChars = t.textishChars;
    }

    /**
     * The elements {@code nodes} read: {@code stripUnlikely} leaves out those whose class or id names boilerplate and
     * not content, as Readability's first attempt does ({@link Nodes#UNLIKELY}); {@code weighClasses} gives them
     * Readability's class weights. Without anything to leave out, the tree is the elements read as they are.
     */
    static Tree scan(Nodes nodes, boolean stripUnlikely, boolean weighClasses) {
        Tree t = of(nodes, stripUnlikely, weighClasses, true);
        t.sum();
        return t;
    }

    /**
     * The tree of Readability's first attempt ({@code scan(nodes, true, true)}), with only the text lengths that
     * taking a declared container whole reads ({@link Declared}, {@link Article#whole} without the conditional
     * cleaning, on a page whose generator is known, so without {@link ArticleLines}): the {@link #chars} of the
     * elements whose class or id names a share bar or a byline, which {@link Cleaning} leaves out when short. The
     * other elements' chars and every {@link #linkTenths} are 0, so an article's length and plain text length made
     * from this tree say nothing; the other measures are null, and the flags summing sets ({@link #DATA_TABLE},
     * {@link #HAS_BLOCK}...) are not set. Most pages have no such element: their text is not counted at all.
     */
    static Tree lengths(Nodes nodes) {
        Tree t = of(nodes, true, true, false);
        t.sumLengths();
        return t;
    }

    private static Tree of(Nodes nodes, boolean stripUnlikely, boolean weighClasses, boolean measured) {
        if (measured) {
            nodes.countAll();
        }
        int size = nodes.size;
        int[] weight = weighClasses ? nodes.weight : new int[size];
        if (stripUnlikely && nodes.unlikely) {
            return stripped(nodes, weight, measured);
        }
        // only the sum sets flags (HAS_BLOCK...): the lengths alone share the elements' own
        int[] flags = measured ? Arrays.copyOf(nodes.flags, size) : nodes.flags;
        return new Tree(nodes, size, nodes.node, nodes.parent, nodes.end, nodes.kind, nodes.words, weight, flags,
                nodes.ownChars, nodes.ownCommas, measured);
    }

    /** The elements read, those {@link Nodes#UNLIKELY} left out with their subtrees. */
    private static Tree stripped(Nodes nodes, int[] weights, boolean measured) {
        int capacity = nodes.size;
        int[] node = new int[capacity];
        int[] parent = new int[capacity];
        int[] end = new int[capacity];
        int[] kind = new int[capacity];
        int[] words = new int[capacity];
        int[] weight = new int[capacity];
        int[] flags = new int[capacity];
        int[] ownChars = measured ? new int[capacity] : null; // the lengths alone count what they read themselves
        int[] ownCommas = measured ? new int[capacity] : null;
        int[] index = new int[capacity]; // each element read's index here
        int size = 0;
        for (int e = 0; e < capacity; ) {
            int i = size++;
            index[e] = i;
            node[i] = nodes.node[e];
            parent[i] = nodes.parent[e] < 0 ? -1 : index[nodes.parent[e]];
            kind[i] = nodes.kind[e];
            words[i] = nodes.words[e];
            weight[i] = weights[e];
            if (measured) {
                ownChars[i] = nodes.ownChars[e];
                ownCommas[i] = nodes.ownCommas[e];
            }
            int f = nodes.flags[e];
            if ((f & Nodes.UNLIKELY) != 0) {
                flags[i] = f | REMOVED;
                e = nodes.end[e];
            } else {
                flags[i] = f;
                e++;
            }
        }
        for (int i = size - 1; i >= 0; i--) { // all of i's subtree comes after i
            end[i] = Math.max(end[i], i + 1);
            if (parent[i] >= 0) {
                end[parent[i]] = Math.max(end[parent[i]], end[i]);
            }
        }
        return new Tree(nodes, size, node, parent, end, kind, words, weight, flags, ownChars, ownCommas, measured);
    }

    /** This tree without class weights, as Readability's third attempt scores. */
    Tree unweighed() {
        return new Tree(this, new int[size]);
    }

    /**
     * {@link #lengths}' chars: those of the elements named as a share bar or a byline, {@link #sum}'s text lengths
     * for them and the elements in them, the text directly in each counted from the page ({@link Nodes#ownLength}).
     */
    private void sumLengths() {
        int measured = ClassWords.SHARE | ClassWords.BYLINE;
        boolean[] in = null; // whether each element is one of those or in one
        for (int i = 0; i < size; i++) {
            if ((flags[i] & REMOVED) == 0
                    && ((words[i] & measured) != 0 || in != null && parent[i] >= 0 && in[parent[i]])) {
                if (in == null) {
                    in = new boolean[size];
                }
                in[i] = true;
            }
        }
        if (in == null) {
            return;
        }
        PageTree page = nodes.page;
        for (int i = size - 1; i >= 0; i--) {
            if (in[i]) {
                chars[i] += Nodes.ownLength(page, node[i]);
                int p = parent[i];
                if (p >= 0 && in[p]) {
                    chars[p] += chars[i];
                }
            }
        }
    }

    /**
     * Sums the measures of every element into its ancestors, last element first, so that an element's subtree is
     * summed when it is reached: its own text is added to what its children gave it. An element left out holds none.
     */
    private void sum() {
        int[] kind = this.kind;
        int[] parent = this.parent;
        int[] flags = this.flags;
        int[] chars = this.chars;
        int[] linkTenths = this.linkTenths;
        int[] commas = this.commas;
        int[] inline = this.inline;
        int[] inlineCommas = this.inlineCommas;
        int[] paragraphs = this.paragraphs;
        int[] images = this.images;
        int[] items = this.items;
        int[] embeds = this.embeds;
        int[] rows = this.rows;
        int[] cells = this.cells;
        int[] tables = this.tables;
        int[] children = this.children;
        int[] headingChars = this.headingChars;
        int[] listChars = this.listChars;
        int[] textishChars = this.textishChars;
        int[] ownChars = this.ownChars;
        int[] ownCommas = this.ownCommas;
        for (int i = size - 1; i >= 0; i--) {
            int k = kind[i];
            int p = parent[i];
            int f = flags[i];
            if (p >= 0) {
                children[p]++;
            }
            if ((f & REMOVED) != 0) {
                if ((k & Tags.EMBED) != 0) {
                    embeds[i]++;
                }
                if (p >= 0) {
                    embeds[p] += embeds[i];
                }
                continue;
            }
            int own = ownChars[i];
            chars[i] += own;
            inline[i] += own;
            commas[i] += ownCommas[i];
            inlineCommas[i] += ownCommas[i];
            if ((f & IN_LINK) != 0) {
                linkTenths[i] += (f & IN_HASH_LINK) != 0 ? 3 * own : 10 * own;
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
        PageTree page = nodes.page;
        int n = node[i];
        if (page.attr(n, "role").equals("presentation") || page.attr(n, "datatable").equals("0")) {
            return;
        }
        boolean data;
        if (tables[i] > 0) {
            data = false; // a nested table (the sum has not added the table itself yet)
        } else if (!page.attr(n, "summary").isEmpty()) {
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

    /** Element {@code i}'s class, trimmed, as jsoup's {@code className()}. */
    String className(int i) {
        return nodes.page.attr(node[i], "class").trim();
    }

    /** Element {@code i}'s text as jsoup's {@code Element.text()} gives it, left-out elements' text included. */
    String text(int i) {
        return JsoupText.of(nodes.page, node[i]);
    }
}
