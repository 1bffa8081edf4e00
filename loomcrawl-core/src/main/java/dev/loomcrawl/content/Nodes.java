package dev.loomcrawl.content;

import dev.loomcrawl.extract.PageTree;

import java.util.Arrays;

/**
 * The elements of a page's body in document order, with what each says of itself, read once from its
 * {@link PageTree} and shared by the scans that Readability's retries make ({@link Tree#scan}): its {@link Tags}
 * bits, its class and id words ({@link ClassWords}) and class weight, the context bits it has from where it is
 * ({@link Tree#IN_TABLE} and the others), whether it is never content ({@link Tree#REMOVED}: its subtree is not
 * read) or only when unlikely-named blocks are left out ({@link #UNLIKELY}), and the length and commas of the text
 * directly in it (on a page a known generator made, only when Readability asks: {@link #countAll}). Element
 * {@code i} is page node {@code node[i]}; its subtree is {@code [i, end[i])}. No recursion, so any depth of nesting
 * is fine.
 */
final class Nodes {
    /**
     * Left out when a scan leaves out unlikely-named blocks, as Readability's first attempt does (a bit that no flag
     * of {@link Tree} uses).
     */
    static final int UNLIKELY = 1 << 6;
    /** How many levels above a blockquote a wrapper of an embedded post may be ({@link #embeddedPost}). */
    private static final int WRAPS = 3;
    /** A {@code div}'s {@link Tags}. */
    private static final int DIV = Tags.of("div");
    /** The words that are read for {@link ClassHints} only, not for Readability. */
    private static final int HINTS = ClassWords.ADMONITION | ClassWords.SUMMARY_TABLE;
    /** The context bits an element passes to its children. */
    private static final int INHERITED = Tree.IN_TABLE | Tree.IN_CODE | Tree.IN_FIGURE | Tree.IN_LINK
            | Tree.IN_HASH_LINK | Tree.IN_DECLARED;

    /**
     * What {@link #count} needs of each character: whitespace as Readability collapses it, commas. A table of every
     * character, so that the loop over a page's text makes one look-up per character and no comparison.
     */
    private static final byte[] CHARACTER = new byte[Character.MAX_VALUE + 1];
    private static final int SPACE = 1;
    private static final int COMMA = 2;

    static {
        for (char c : " \n\t\r\f\u00a0".toCharArray()) {
            CHARACTER[c] = SPACE;
        }
        for (char c : ",\uff0c\u060c\ufe50\ufe10\ufe11\u2e41\u2e34\u2e32".toCharArray()) {
            CHARACTER[c] = COMMA;
        }
    }

    /**
     * Class values already read, on any page, two to a slot picked by a hash of their length and ends (how many: a
     * power of two), with their {@link ClassWords}: see {@link #classWordsOf}. Shared by the threads without a lock:
     * an entry is immutable and a slot is written whole, so a thread sees an entry or another, each right, and at
     * worst misses one another thread just wrote.
     */
    private static final Kept[] KEPT = new Kept[512];
    /** Longer class values are not kept: a site's own values stay out of a bounded table of short ones. */
    private static final int LONGEST_KEPT = 128;

    /** A class value read before and its {@link ClassWords}. */
    private record Kept(char[] value, int words) {
        boolean is(char[] chars, int from, int to) {
            return value.length == to - from && Arrays.equals(value, 0, value.length, chars, from, to);
        }
    }

    /** The attributes read, most frequent first. */
    static final String[] READ = {"class", "href", "id", "style", "role", "rel", "itemprop", "hidden",
            "aria-hidden"};
    private static final int CLASS = 0;
    private static final int HREF = 1;
    private static final int ID = 2;
    private static final int STYLE = 3;
    private static final int ROLE = 4;
    private static final int REL = 5;
    private static final int ITEMPROP = 6;
    private static final int HIDDEN = 7;
    private static final int ARIA_HIDDEN = 8;
    /** {@link #READ} as characters. */
    private static final char[][] READ_CHARS = new char[READ.length][];
    /** Names longer than this are none of {@link #READ}. */
    private static final int LONGEST = 15;
    /**
     * Per name length and first character's low five bits (the same for a letter in either case), which of
     * {@link #READ} has both, plus one (0: none). No two of them have both alike, so an attribute's name is told by
     * one look-up and one comparison ({@link #nameOf}), where comparing it with each in turn took a sixth of the
     * reading (109 of 622 samples in a profile of the JDK docs' --content crawl); most names on a javadoc page are
     * class, href and title, which is none.
     */
    private static final byte[] CANDIDATE = new byte[(LONGEST + 1) << 5];

    static {
        for (int k = 0; k < READ.length; k++) {
            String s = READ[k];
            READ_CHARS[k] = s.toCharArray();
            int slot = s.length() << 5 | s.charAt(0) & 31;
            if (s.length() > LONGEST || CANDIDATE[slot] != 0) {
                throw new AssertionError(s + ": another name read has its length and first letter");
            }
            CANDIDATE[slot] = (byte) (k + 1);
        }
    }

    final PageTree page;
    /** The documentation generator the page's meta names. */
    final Generator generator;
    /** Elements read. */
    int size;
    int[] node;
    int[] parent;
    int[] end;
    int[] kind;
    int[] words;
    /** Readability's class weight: +-25 for each of class and id naming content or boilerplate. */
    int[] weight;
    int[] flags;
    /**
     * Length of the text directly in the element, whitespace runs counted as one ({@link #count}), and its commas;
     * null until counted ({@link #countAll}).
     */
    int[] ownChars;
    int[] ownCommas;
    /** Per page node, what its class attribute may say of admonitions, as read here (see {@link ClassHints}). */
    final byte[] classHints;
    /** The page's title, to tell the headline in its content by ({@link ArticleLines}); set after reading. */
    Headline headline = Headline.NONE;
    /** Whether any element read is {@link #UNLIKELY}, and whether any has a class weight. */
    boolean unlikely;
    boolean weighed;

    private Nodes(PageTree page, Generator generator, int capacity) {
        this.page = page;
        this.generator = generator;
        classHints = new byte[page.size()];
        node = new int[capacity];
        parent = new int[capacity];
        end = new int[capacity];
        kind = new int[capacity];
        words = new int[capacity];
        weight = new int[capacity];
        flags = new int[capacity];
        if (generator == Generator.NONE) {
            ownChars = new int[capacity];
            ownCommas = new int[capacity];
        }
    }

    /** Room for {@code capacity} elements, the {@code size} read kept. */
    private void grow(int capacity) {
        node = Arrays.copyOf(node, capacity);
        parent = Arrays.copyOf(parent, capacity);
        end = Arrays.copyOf(end, capacity);
        kind = Arrays.copyOf(kind, capacity);
        words = Arrays.copyOf(words, capacity);
        weight = Arrays.copyOf(weight, capacity);
        flags = Arrays.copyOf(flags, capacity);
        if (ownChars != null) {
            ownChars = Arrays.copyOf(ownChars, capacity);
            ownCommas = Arrays.copyOf(ownCommas, capacity);
        }
    }

    /**
     * Reads {@code root}'s subtree, made by {@code generator}. The text is counted at once on a page no known generator
     * made ({@link Generator#NONE}), which Readability scores; on the others, only when Readability is tried after
     * all ({@link #countAll}): their declared container is taken whole, which reads few lengths ({@link Tree#lengths}).
     * In a DocBook page, the first division is declared; in
     * the declared container of a page whose generator is known, ids are not read as words, the generator's own
     * blocks ({@link Generator#documentBlock}) are content, and an {@code aside} that is one is read as a {@code div}.
     */
    static Nodes read(PageTree page, int root, Generator generator) {
        int stop = page.end(root);
        int nodes = stop - root;
        // pages have more text nodes than elements, mostly: room for half the nodes, and more when needed
        Nodes r = new Nodes(page, generator, Math.min(nodes, nodes / 2 + 64));
        char[] text = page.text();
        // the open elements and where their subtrees end in the page
        int[] open = new int[64];
        int[] openEnd = new int[64];
        int depth = 0;
        for (int n = root; n < stop; ) {
            while (depth > 0 && openEnd[depth - 1] <= n) {
                r.end[open[--depth]] = r.size;
            }
            if (page.isText(n)) {
                if (r.ownChars != null) {
                    r.count(open[depth - 1], text, page.textStart(n), page.textEnd(n));
                }
                n++;
                continue;
            }
            if (r.size == r.node.length) {
                r.grow(Math.min(nodes, r.size * 2));
            }
            int i = r.size++;
            int p = depth == 0 ? -1 : open[depth - 1];
            r.node[i] = n;
            r.parent[i] = p;
            r.element(i, n, p < 0 ? 0 : r.flags[p]);
            if ((r.kind[i] & Tags.QUOTE) != 0) {
                r.embeddedPost(i, open, depth);
            }
            if ((r.flags[i] & Tree.REMOVED) != 0) {
                r.end[i] = i + 1;
                n = page.end(n);
                continue;
            }
            if (depth == open.length) {
                open = Arrays.copyOf(open, depth * 2);
                openEnd = Arrays.copyOf(openEnd, depth * 2);
            }
            open[depth] = i;
            openEnd[depth++] = page.end(n);
            n++;
        }
        while (depth > 0) {
            r.end[open[--depth]] = r.size;
        }
        return r;
    }

    /**
     * Blockquote {@code i}, inside the elements {@code open[0, depth)}: it and the elements up to {@link #WRAPS} levels
     * above it that are unlikely only as named "social" are not ({@link ClassWords#SOCIAL}). A post embedded from a
     * social network is written as a blockquote (its text, its author, its date), often in a wrapper so named; inside
     * an article, it is what the article quotes, not a share bar. A blockquote unlikely by another word (a sponsor's)
     * clears nothing, and a block further up (a page's whole "social" section) stays unlikely.
     */
    private void embeddedPost(int i, int[] open, int depth) {
        if ((flags[i] & UNLIKELY) != 0) {
            if ((words[i] & ClassWords.SOCIAL) == 0) {
                return;
            }
            flags[i] &= ~UNLIKELY;
        }
        for (int d = depth - 1; d >= Math.max(0, depth - WRAPS); d--) {
            int a = open[d];
            if ((flags[a] & UNLIKELY) != 0 && (words[a] & ClassWords.SOCIAL) != 0) {
                flags[a] &= ~UNLIKELY;
            }
        }
    }

    /** Reads element {@code i}, page node {@code n}, whose parent has the flags {@code context}. */
    private void element(int i, int n, int context) {
        int k = Tags.of(page.name(n));
        if ((k & Tags.DROP) != 0 && generator == Generator.DOCUTILS && (context & Tree.IN_DECLARED) != 0
                && page.is(n, "aside") && generator.documentBlock(page.attr(n, "class"))) {
            k = DIV; // docutils' topic, sidebar, footnote: part of the document
        }
        int f = context & INHERITED;
        if ((k & Tags.A) != 0) {
            f |= Tree.IN_LINK;
        }
        // Inside code, attributes say nothing of content (syntax highlighting's spans); only links count there.
        int count = page.attributes(n);
        if (count > 0 && ((context & Tree.IN_CODE) == 0 || (k & Tags.A) != 0)) {
            f |= attributes(i, n, k, count, context);
        } else if (count == 0) {
            classHints[n] = ClassHints.NONE | ClassHints.SHOWN;
        }
        if ((k & Tags.DROP) != 0) {
            f |= Tree.REMOVED;
        }
        if ((k & Tags.TABLE) != 0) {
            f |= Tree.IN_TABLE;
        }
        if ((k & Tags.CODE) != 0) {
            f |= Tree.IN_CODE;
        }
        if ((k & Tags.FIGURE) != 0) {
            f |= Tree.IN_FIGURE;
        }
        if ((k & Tags.MAIN) != 0) {
            f |= Tree.DECLARED;
        }
        if ((f & Tree.DECLARED) != 0) {
            f |= Tree.IN_DECLARED;
        }
        if ((f & Tree.REMOVED) != 0) {
            f &= ~UNLIKELY;
        }
        unlikely |= (f & UNLIKELY) != 0;
        kind[i] = k;
        flags[i] = f;
    }

    /** Reads element {@code i}'s attributes (page node {@code n}) into its words and weight; returns its flags. */
    private int attributes(int i, int n, int k, int count, int context) {
        int seen = 0;
        int classAt = -1;
        int classWords = 0;
        int idWords = 0;
        String role = "";
        boolean byline = false;
        boolean hidden = false;
        boolean hash = false;
        boolean admonition = false;
        boolean grid = false;
        for (int a = 0; a < count; a++) {
            int name = nameOf(page, n, a);
            if (name < 0 || (seen & 1 << name) != 0) {
                continue; // jsoup keeps the first of duplicate names
            }
            seen |= 1 << name;
            switch (name) {
                case CLASS -> {
                    classAt = a;
                    int w = classWords(n, a, false);
                    admonition = (w & ClassWords.ADMONITION) != 0;
                    grid = (w & ClassWords.SUMMARY_TABLE) != 0; // a reference's value is matched decoded
                    classWords = w & ~HINTS;
                }
                case ID -> idWords = generator != Generator.NONE && (context & Tree.IN_DECLARED) != 0 ? 0
                        : classWords(n, a, true) & ~HINTS; // a generator's ids name the text
                case ROLE -> role = page.attributeValue(n, a);
                case REL -> byline |= page.attributeValue(n, a).equals("author");
                case ITEMPROP -> byline |= page.attributeValue(n, a).contains("author");
                case HIDDEN -> hidden = true;
                case ARIA_HIDDEN -> hidden |= page.attributeValue(n, a).equals("true");
                case STYLE -> hidden |= Visibility.hides(page.attributeValue(n, a));
                case HREF -> hash = (k & Tags.A) != 0 && startsWithHash(n, a);
            }
        }
        if ((classWords & (ClassWords.UNLIKELY | ClassWords.NEGATIVE)) != 0 && generator != Generator.NONE
                && (context & Tree.IN_DECLARED) != 0 && generator.documentBlock(value(n, classAt))) {
            classWords = 0; // a block of the document that Readability's words would take for a page's part
        }
        boolean shown = (seen & (1 << HIDDEN | 1 << ARIA_HIDDEN | 1 << STYLE)) == 0;
        classHints[n] = (byte) ((admonition ? ClassHints.MAYBE : ClassHints.NONE) | (shown ? ClassHints.SHOWN : 0)
                | (grid ? ClassHints.GRID : 0));
        int found = classWords | idWords | (byline ? ClassWords.BYLINE : 0);
        int w = weightOf(classWords) + weightOf(idWords);
        weighed |= w != 0;
        words[i] = found;
        weight[i] = w;
        int f = 0;
        if (!role.isEmpty() && role.equals("main")) { // few elements have a role: most compare no string here
            f |= Tree.DECLARED;
        }
        if (hidden && !value(n, classAt).contains("fallback-image")
                || !role.isEmpty() && Visibility.unlikelyRole(role)) { // no call for most, which have no role
            f |= Tree.REMOVED;
        } else if ((found & ClassWords.MAYBE) == 0
                && (found & ((context & Tree.IN_DECLARED) != 0 ? ClassWords.BOILERPLATE : ClassWords.UNLIKELY)) != 0
                && (context & (Tree.IN_TABLE | Tree.IN_CODE)) == 0 && (k & (Tags.BODY | Tags.A)) == 0) {
            f |= UNLIKELY;
        }
        if (generator == Generator.DOCBOOK && (context & Tree.IN_DECLARED) == 0
                && Declared.division(value(n, classAt))) {
            f |= Tree.DECLARED;
        }
        if (hash) {
            f |= Tree.IN_HASH_LINK;
        }
        return f;
    }

    /**
     * Which of {@link #READ} the name of element {@code n}'s attribute {@code a} is, case left out (as jsoup's
     * attribute names are lower case): its index, or -1, as {@code page.attributeNameIn(n, a, READ)} says.
     */
    static int nameOf(PageTree page, int n, int a) {
        int start = page.nameStart(n, a);
        int length = page.nameEnd(n, a) - start;
        if (length == 0 || length > LONGEST) {
            return -1;
        }
        char[] chars = page.attributeChars();
        // the two names of most attributes (on the JDK docs, 280,000 of 404,000), as pages write them: compared
        // without a loop, which C1 (the launcher's compiler) makes a poll and two range checks per character: in two
        // passes over JDK pages still in the cache, MainContent.find took 92.5% and 97.3% of the time it took with
        // the loop (over pages out of the cache, as much)
        if (length == 5 && chars[start] == 'c' && chars[start + 1] == 'l' && chars[start + 2] == 'a'
                && chars[start + 3] == 's' && chars[start + 4] == 's') {
            return CLASS;
        }
        if (length == 4 && chars[start] == 'h' && chars[start + 1] == 'r' && chars[start + 2] == 'e'
                && chars[start + 3] == 'f') {
            return HREF;
        }
        int k = CANDIDATE[length << 5 | chars[start] & 31] - 1;
        if (k < 0) {
            return -1;
        }
        char[] name = READ_CHARS[k];
        for (int j = 0; j < length; j++) {
            char c = chars[start + j];
            if (c != name[j] && (c < 'A' || c > 'Z' || c + 32 != name[j])) {
                return -1;
            }
        }
        return k;
    }

    /** The value of element {@code n}'s attribute {@code a}; "" for -1 (none). */
    private String value(int n, int a) {
        return a < 0 ? "" : page.attributeValue(n, a);
    }

    /**
     * The {@link ClassWords} of attribute {@code a}'s value, read from the page's characters unless they hold a
     * character reference; {@code id} says nothing when it is an anchor to a named thing, as javadoc's
     * {@code setComment(java.lang.String)} or Sphinx's {@code json.JSONDecoder}. {@link ClassWords#ADMONITION} also
     * when the characters hold a reference, for {@link ClassHints}.
     */
    private int classWords(int n, int a, boolean id) {
        int from = page.valueStart(n, a);
        if (from < 0) {
            return 0;
        }
        char[] chars = page.attributeChars();
        int to = page.valueEnd(n, a);
        int words = id ? ClassWords.of(chars, from, to) : classWordsOf(chars, from, to);
        if ((words & ClassWords.REFERENCE) != 0) {
            char[] value = page.attributeValue(n, a).toCharArray();
            words = ClassWords.of(value, 0, value.length) | ClassWords.ADMONITION;
        }
        return id && (words & ClassWords.ANCHOR) != 0 ? 0 : words & ~(ClassWords.ANCHOR | ClassWords.REFERENCE);
    }

    /**
     * {@link ClassWords#of} the class value {@code chars[from, to)}, from the values kept when an equal one was read
     * before: a page repeats a few class values thousands of times (javadoc's "col-first even-row-color"), and
     * comparing characters is cheaper than the automaton's step per character. The words depend on the characters
     * alone, so they are the same. Kept across pages, as a documentation set's pages share their generator's few
     * values: of the 173,000 class values of a tenth of the JDK docs' pages (211 values in all), 64 kept per page
     * left 56,000 to the automaton, 1,024 kept across pages one to a slot 14,700, as values alike in length and ends
     * ("col-last even-row-color", "col-first odd-row-color") take turns in a slot, and 512 two to a slot 4,100.
     */
    static int classWordsOf(char[] chars, int from, int to) {
        int length = to - from;
        if (length == 0) {
            return 0;
        }
        Kept[] kept = KEPT;
        int slot = (length * 31 + chars[from] * 7 + chars[from + (length >> 1)] * 3 + chars[to - 1]) & kept.length - 2;
        Kept first = kept[slot];
        if (first != null && first.is(chars, from, to)) {
            return first.words;
        }
        Kept second = kept[slot + 1];
        if (second != null && second.is(chars, from, to)) {
            return second.words;
        }
        int words = ClassWords.of(chars, from, to);
        if (length <= LONGEST_KEPT) {
            kept[slot + 1] = first; // the newer value first, the older one next; the oldest goes
            kept[slot] = new Kept(Arrays.copyOfRange(chars, from, to), words);
        }
        return words;
    }

    /** Whether the value of attribute {@code a} starts with '#' (the page's characters do, or they are a reference). */
    private boolean startsWithHash(int n, int a) {
        int from = page.valueStart(n, a);
        if (from < 0 || from == page.valueEnd(n, a)) {
            return false;
        }
        char first = page.attributeChars()[from];
        return first == '#' || first == '&' && page.attributeValue(n, a).startsWith("#");
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

    /**
     * Counts the text directly in every element read and not {@link Tree#REMOVED}, when {@link #read} did not
     * ({@link #ownChars} null), as it would have: the text nodes that are its children.
     */
    void countAll() {
        if (ownChars != null) {
            return;
        }
        ownChars = new int[node.length];
        ownCommas = new int[node.length];
        for (int i = 0; i < size; i++) {
            if ((flags[i] & Tree.REMOVED) == 0) {
                long counted = ownCounts(page, node[i]);
                ownChars[i] = (int) counted;
                ownCommas[i] = (int) (counted >>> 32);
            }
        }
    }

    /** The length of the text directly in page element {@code n}, as {@link #count} counts it. */
    static int ownLength(PageTree page, int n) {
        return (int) ownCounts(page, n);
    }

    /** {@link #counts} of the text nodes that are page element {@code n}'s children, added up. */
    private static long ownCounts(PageTree page, int n) {
        char[] text = page.text();
        long total = 0;
        for (int c = n + 1, stop = page.end(n); c < stop; c = page.end(c)) {
            if (page.isText(c)) {
                total += counts(text, page.textStart(c), page.textEnd(c));
            }
        }
        return total;
    }

    /** Adds a text node's length and commas ({@link #counts} of text[from, to)) to element {@code i}. */
    private void count(int i, char[] text, int from, int to) {
        long counted = counts(text, from, to);
        ownChars[i] += (int) counted;
        ownCommas[i] += (int) (counted >>> 32);
    }

    /**
     * The length of text[from, to), each run of whitespace after a character counted as one (as a browser's
     * {@code innerText} would), in the low 32 bits, and Readability's commas in the high ones. Branch-free on the
     * characters, which would mispredict at every word's end.
     */
    private static long counts(char[] text, int from, int to) {
        byte[] classes = CHARACTER;
        int uncounted = 0; // whitespace at the start or after whitespace
        long commas = 0;
        int before = SPACE; // as if whitespace came before the first character
        for (int k = from; k < to; k++) {
            int kind = classes[text[k]];
            int space = kind & SPACE;
            uncounted += space & before;
            before = space;
            commas += kind >> 1;
        }
        return commas << 32 | (to - from - uncounted);
    }
}
