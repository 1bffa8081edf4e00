package dev.loomcrawl.content;

import dev.loomcrawl.extract.PageTree;
import dev.loomcrawl.result.PageText;
import java.util.Arrays;

/**
 * One conversion of a page's main content to Markdown: a single walk over the {@link PageTree} (a
 * {@link ContentWalk}), deciding per element what it becomes. Inline content goes to a {@link MarkdownInline}; a
 * block's start or end hands the paragraph so far to the {@link MarkdownBlocks}. Elements whose end must do something
 * (close a link, a list item, a table) push a frame, popped at their end: a kind and two numbers, in arrays, so that
 * the walk allocates nothing per element.
 *
 * <p>Headings, table cells and captions are flat: their blocks are separated by spaces, and a table or
 * {@code <pre>} inside them becomes text and a code span. Lists and block quotes nest up to {@link #MAX_NESTING}
 * deep; deeper ones are written as paragraphs at that depth, so that the indentation (and the output) stays
 * linear in the input even for thousands of nested lists.
 */
final class MarkdownWalk extends ContentWalk implements MarkdownInline.Following {
    /** The deepest lists and block quotes nest; each level adds two to four characters to every line. */
    static final int MAX_NESTING = 16;
    /** What made-absolute URLs may add: per character of the content's text (twice that per node), and in any case. */
    static final long URL_GROWTH = 8;
    static final long URL_GROWTH_FLOOR = 4096;

    // What an element's end does (a frame's kind); the frame's numbers are in brackets.
    private static final int HEADING = 0; // [level]
    private static final int LIST = 1; // [delimiter]
    private static final int ITEM = 2; // [list index]
    private static final int QUOTE = 3;
    private static final int TABLE = 4;
    private static final int CELL = 5; // [colspan, rowspan]
    private static final int CAPTION = 6;
    private static final int CODE = 7;
    private static final int EMPHASIS = 8; // [1 when it opened the markup]
    private static final int STRONG = 9; // [1 when it opened the markup]
    private static final int STRUCK = 10; // [1 when it opened the markup]
    private static final int HTML = 11;
    private static final int LINK = 12;

    private static final char[] ADMONITION = "admonition".toCharArray();
    private static final char[] STAR = {'*'};
    private static final char[] STARS = {'*', '*'};
    private static final char[] TILDES = {'~', '~'};
    private static final char[][] SUP = {"<sup>".toCharArray(), "</sup>".toCharArray()};
    private static final char[][] SUB = {"<sub>".toCharArray(), "</sub>".toCharArray()};
    private static final char[][] KBD = {"<kbd>".toCharArray(), "</kbd>".toCharArray()};
    private static final char[] DASH = {'-', ' '};
    private static final char[] STAR_ITEM = {'*', ' '};
    private static final char[] ITEM_INDENT = {' ', ' '};
    private static final char[] QUOTE_PREFIX = {'>', ' '};

    /** A list being written: its items' numbering and marker character. */
    private static final class ListState {
        boolean ordered;
        char delimiter;
        int next;
        boolean inItem;
        /** The output's length when the last item ended, so that the next knows if anything came between. */
        int lastItemEnd;
    }

    private final MarkdownBlocks blocks;
    private final MarkdownInline inline = new MarkdownInline();
    private final LinkUrls urls;
    /** The frames: for each, its element, kind and numbers; innermost last. */
    private int[] frameElement = new int[32];
    private int[] frameKind = new int[32];
    private int[] frameA = new int[32];
    private int[] frameB = new int[32];
    private int frames;
    /** The lists being written, innermost last: the first {@code listCount} (the rest are for reuse). */
    private ListState[] lists = new ListState[8];
    private int listCount;
    /** How many headings, table cells and captions enclose the current node. */
    private int flat;
    /** The table whose rows are being read, or null (a table in one of its cells is flat: text, not a table). */
    private PipeTable table;
    /** The one table object, cleared for each table: tables do not nest (see {@link #table}). */
    private final PipeTable pipeTable = new PipeTable();
    /** When the table being read is a javadoc summary grid ({@link SummaryGrid}): its div, and its width; else -1. */
    private int grid = -1;
    private int gridColumns;
    private int gridCells;
    private String tableCaption = "";
    private int links;
    private int emphasis;
    private int strong;
    private int struck;
    /** Where the last list ended (output length and depth) and its marker, so that the next one can differ. */
    private int lastListEnd = -1;
    private int lastListDepth = -1;
    private char lastListDelimiter;
    /** Reused for what is built before it is written: a heading, a code block, an image. */
    private final TextBuffer scratch = new TextBuffer(256);
    /** Reused for a table's lines, encoded ({@link PipeTable#render}). */
    private final EncodedLines tableLines = new EncodedLines(1024);
    /** Reused for the part of a link's or image's URL that needs escaping, and for an attribute's value. */
    private final TextBuffer url = new TextBuffer(128);
    private final TextBuffer attribute = new TextBuffer(128);
    /** The closing markup of the link being written ({@code "](url "title")"}): links do not nest. */
    private final TextBuffer linkClosing = new TextBuffer(128);
    private final TextBuffer preText = new TextBuffer(256);

    /** See {@link ClassHints}; null when there are none. */
    private final byte[] classHints;
    /**
     * How many characters the URLs made absolute may still add to the values the page wrote: a bound in the size of
     * the content (its text and nodes), so that a long base URL cannot make every short relative link as long (a
     * 100 KB {@code <base href>} made a thousand {@code <a href=x>} 100 MB of Markdown). Past it, a URL is written
     * as the page wrote it.
     */
    private long urlGrowth;

    /** classHints: the {@link ClassHints} of the tree's nodes, or null. */
    MarkdownWalk(PageTree tree, int[] roots, boolean[] leftOut, String baseUri, byte[] classHints) {
        super(tree, roots, leftOut);
        this.classHints = classHints;
        this.urls = new LinkUrls(baseUri);
        this.urlGrowth = URL_GROWTH_FLOOR + URL_GROWTH * (textLength() + 2L * nodes());
        // Markdown is about three times the text on documentation pages, most of the rest link URLs, which come with
        // elements; a larger buffer costs less than copying a smaller one as it grows
        this.blocks = new MarkdownBlocks((int) Math.min(2L * textLength() + 8L * nodes() + 1024, 1 << 22));
    }

    @Override
    byte[] hints() {
        return classHints;
    }

    String run() {
        walk();
        return result();
    }

    /** The Markdown, once the walk is over. */
    String result() {
        return written().toString();
    }

    /** The Markdown as written, once the walk is over. */
    PageText written() {
        flushParagraph();
        return blocks.written();
    }

    @Override
    void text(int n) {
        if (table == null || flat > 0) inline.text(tree.text(), tree.textStart(n), tree.textEnd(n));
    }

    @Override
    int head(int n, int role) {
        int before = frames;
        switch (role) {
            case ElementRole.INLINE, ElementRole.SKIPPED -> { // skipped: a root, written all the same
            }
            case ElementRole.BR -> inline.lineBreak();
            case ElementRole.IMG -> image(n);
            case ElementRole.A -> {
                if (isPermalink(n)) return SKIP;
                link(n);
            }
            case ElementRole.EMPHASIS -> emphasis(n);
            case ElementRole.STRONG -> strong(n);
            case ElementRole.STRUCK -> struck(n);
            case ElementRole.HTML -> html(n);
            case ElementRole.CODE -> code(n);
            case ElementRole.PRE -> {
                if (flat == 0) {
                    pre(n);
                    return SKIP;
                }
                inline.whitespace();
                code(n);
            }
            default -> block(n, role);
        }
        return frames > before || ElementRole.isBlock(role) ? ENTER_AND_END : ENTER; // else its end does nothing
    }

    @Override
    void tail(int n, int role) {
        while (frames > 0 && frameElement[frames - 1] == n) exit(--frames);
        if (ElementRole.isBlock(role)) {
            if (flat > 0) inline.whitespace();
            else if (table == null) flushParagraph();
        }
    }

    private void push(int n, int kind, int a, int b) {
        if (frames == frameKind.length) {
            int size = frames * 2;
            frameElement = Arrays.copyOf(frameElement, size);
            frameKind = Arrays.copyOf(frameKind, size);
            frameA = Arrays.copyOf(frameA, size);
            frameB = Arrays.copyOf(frameB, size);
        }
        frameElement[frames] = n;
        frameKind[frames] = kind;
        frameA[frames] = a;
        frameB[frames++] = b;
    }

    /** What the end of frame f's element does. */
    private void exit(int f) {
        int n = frameElement[f];
        int a = frameA[f];
        switch (frameKind[f]) {
            case HEADING -> headingEnd(a);
            case LIST -> {
                listCount--;
                lastListEnd = blocks.length();
                lastListDepth = blocks.depth();
                lastListDelimiter = (char) a;
            }
            case ITEM -> {
                ListState list = lists[a];
                flushParagraph();
                blocks.closeItem(list.lastItemEnd < 0);
                list.inItem = false;
                list.next++;
                list.lastItemEnd = blocks.length();
            }
            case QUOTE -> {
                flushParagraph();
                blocks.close();
            }
            case TABLE -> {
                PipeTable t = table;
                table = null;
                grid = -1;
                if (!tableCaption.isEmpty()) caption(tableCaption);
                if (!t.isEmpty()) {
                    tableLines.clear();
                    t.render(tableLines);
                    blocks.block(tableLines);
                }
            }
            case CELL -> {
                table.cell(inline.finish(), a, frameB[f]); // copied: the inline buffer is cleared next
                inline.clear();
                flatten(-1);
            }
            case CAPTION -> {
                String caption = inline.take();
                flatten(-1);
                tableCaption = tableCaption.isEmpty() ? caption : tableCaption + " " + caption;
            }
            case CODE -> inline.codeEnd();
            case EMPHASIS -> {
                emphasis--;
                if (a == 1) inline.close(this, n);
            }
            case STRONG -> {
                strong--;
                if (a == 1) inline.close(this, n);
            }
            case STRUCK -> {
                struck--;
                if (a == 1) inline.close(this, n);
            }
            case HTML -> inline.close(this, n);
            case LINK -> {
                inline.close(this, n);
                links--;
            }
            default -> throw new IllegalStateException("frame kind " + frameKind[f]);
        }
    }

    private void flushParagraph() {
        TextBuffer markdown = inline.finish();
        if (!markdown.isEmpty()) blocks.paragraph(markdown, inline.oneLine());
        inline.clear();
    }

    private void caption(String markdown) {
        scratch.setLength(0);
        blocks.paragraph(scratch.append(markdown), false);
    }

    private void writeBlock(String markdown) {
        scratch.setLength(0);
        blocks.block(scratch.append(markdown));
    }

    private void flatten(int delta) {
        flat += delta;
        inline.flat(flat > 0);
    }

    private void block(int n, int role) {
        if (flat > 0) {
            inline.whitespace();
            return;
        }
        if (table != null) {
            tablePart(n, role);
            return;
        }
        flushParagraph();
        int level = ElementRole.headingLevel(role);
        if (level > 0) {
            flatten(1);
            push(n, HEADING, level, 0);
            return;
        }
        String classes = hint(n) == ClassHints.NONE ? null : admonitionClasses(n);
        switch (role) {
            case ElementRole.LIST -> list(n, false);
            case ElementRole.ORDERED_LIST -> list(n, true);
            case ElementRole.ITEM -> item(n);
            case ElementRole.QUOTE -> quote(n);
            case ElementRole.RULE -> writeBlock("---");
            case ElementRole.TABLE -> table(n);
            case ElementRole.TERM -> strong(n);
            case ElementRole.FIGCAPTION -> emphasis(n);
            case ElementRole.DIVISION -> {
                if (admonition(n, classes)) quote(n);
                else summaryGrid(n);
            }
            default -> {
            }
        }
        if (role != ElementRole.TERM && classes != null && isAdmonitionTitle(classes)) strong(n);
    }

    /** A heading's end: its text as an ATX heading. */
    private void headingEnd(int level) {
        TextBuffer text = inline.finish();
        flatten(-1);
        if (!text.isEmpty()) {
            TextBuffer h = scratch;
            h.setLength(0);
            h.repeat('#', level).append(' ');
            // a heading's text ending in " #" would lose the #s as a closing sequence: escape the run
            int run = text.length;
            while (run > 0 && text.chars[run - 1] == '#') run--;
            if (run < text.length && (run == 0 || text.chars[run - 1] == ' ')) {
                h.append(text.chars, 0, run).append('\\').append(text.chars, run, text.length);
            } else {
                h.append(text);
            }
            blocks.block(h);
        }
        inline.clear();
    }

    private void list(int n, boolean ordered) {
        if (blocks.depth() >= MAX_NESTING) return;
        int start = ordered ? intAttr(n, "start", 1, 0, 999_999_999) : 1;
        boolean afterList = blocks.length() == lastListEnd && blocks.depth() == lastListDepth;
        char delimiter = ordered ? (afterList && lastListDelimiter == '.' ? ')' : '.')
            : (afterList && lastListDelimiter == '-' ? '*' : '-');
        if (blocks.inStartedItem() && blocks.paragraphLast() && (!ordered || start == 1)) blocks.tighten();
        if (listCount == lists.length) lists = Arrays.copyOf(lists, listCount * 2);
        ListState list = lists[listCount];
        if (list == null) lists[listCount] = list = new ListState();
        list.ordered = ordered;
        list.delimiter = delimiter;
        list.next = start;
        list.inItem = false;
        list.lastItemEnd = -1;
        listCount++;
        push(n, LIST, delimiter, 0);
    }

    private void item(int n) {
        if (listCount == 0) return;
        ListState list = lists[listCount - 1];
        if (list.inItem || blocks.depth() >= MAX_NESTING) return;
        if (blocks.length() == list.lastItemEnd) blocks.tighten();
        if (list.ordered) {
            char[] marker = (list.next + String.valueOf(list.delimiter) + " ").toCharArray();
            char[] indent = new char[marker.length];
            Arrays.fill(indent, ' ');
            blocks.open(marker, indent, true);
        } else {
            blocks.open(list.delimiter == '-' ? DASH : STAR_ITEM, ITEM_INDENT, true);
        }
        list.inItem = true;
        push(n, ITEM, listCount - 1, 0);
    }

    private void quote(int n) {
        if (blocks.depth() >= MAX_NESTING) return;
        blocks.open(QUOTE_PREFIX, QUOTE_PREFIX, false);
        push(n, QUOTE, 0, 0);
    }

    /**
     * A Sphinx or MkDocs admonition ({@code div.admonition}, or a block whose first child is its
     * {@code .admonition-title}, as docutils writes {@code div.note}): a block quote, its title in bold. classes is
     * its {@link #admonitionClasses}.
     */
    private boolean admonition(int n, String classes) {
        if (classes != null && classes.contains("admonition")) return hasClass(classes, "admonition");
        if (classes != null ? classes.trim().isEmpty() : classHints == null && !hasClasses(n)) return false;
        int first = firstElementChild(n);
        if (first < 0) return false;
        String firstClasses = hint(first) == ClassHints.NONE ? null : admonitionClasses(first);
        if (firstClasses == null || !isAdmonitionTitle(firstClasses)) return false;
        // with hints, whether n's own classes are blank is asked last, as few divisions get this far
        return classes != null || classHints == null || hasClasses(n);
    }

    /** What {@link #classHints} say of element n's class attribute. */
    private byte hint(int n) {
        return classHints == null ? ClassHints.UNKNOWN : (byte) (classHints[n] & ClassHints.CLASS);
    }

    /**
     * Element n's class attribute, but only when it may name an admonition (few do): when it holds "admonition" or a
     * '&' (a character reference might make one); else null. Read without making a string of it until then.
     */
    private String admonitionClasses(int n) {
        int i = tree.attributeIndex(n, "class");
        if (i < 0 || tree.valueStart(n, i) < 0) return null;
        char[] c = tree.attributeChars();
        int end = tree.valueEnd(n, i);
        for (int k = tree.valueStart(n, i); k < end; k++) {
            if (c[k] == '&' || c[k] == 'a' && startsWith(c, k, end, ADMONITION)) return tree.attributeValue(n, i);
        }
        return null;
    }

    /** Whether c[at, end) starts with word. */
    private static boolean startsWith(char[] c, int at, int end, char[] word) {
        if (end - at < word.length) return false;
        for (int k = 0; k < word.length; k++) {
            if (c[at + k] != word[k]) return false;
        }
        return true;
    }

    /**
     * Whether element n, whose {@link #admonitionClasses} are null, has a class attribute that is not blank (only
     * spaces and controls, which {@code String.trim} cuts): its value, without a '&', is as the page writes it.
     */
    private boolean hasClasses(int n) {
        int i = tree.attributeIndex(n, "class");
        if (i < 0 || tree.valueStart(n, i) < 0) return false;
        char[] c = tree.attributeChars();
        for (int k = tree.valueStart(n, i), end = tree.valueEnd(n, i); k < end; k++) {
            if (c[k] > ' ') return true;
        }
        return false;
    }

    /**
     * Whether a class attribute has the class admonition-title, as jsoup's {@code hasClass} finds it (in any case),
     * but only when it holds the name as written here: that saves a token scan of the many class attributes that do
     * not.
     */
    private static boolean isAdmonitionTitle(String classes) {
        return classes.contains("admonition-title") && hasClass(classes, "admonition-title");
    }

    /** Whether the class attribute has the class name, in any case: jsoup's {@code Element.hasClass}. */
    private static boolean hasClass(String classes, String name) {
        int len = classes.length();
        int want = name.length();
        if (len == 0 || len < want) return false;
        if (len == want) return name.equalsIgnoreCase(classes);
        boolean inClass = false;
        int start = 0;
        for (int i = 0; i < len; i++) {
            if (Character.isWhitespace(classes.charAt(i))) {
                if (inClass) {
                    if (i - start == want && classes.regionMatches(true, start, name, 0, want)) return true;
                    inClass = false;
                }
            } else if (!inClass) {
                inClass = true;
                start = i;
            }
        }
        return inClass && len - start == want && classes.regionMatches(true, start, name, 0, want);
    }

    private void table(int n) {
        if (LayoutTable.is(tree, leftOut, n, classHints)) return; // its rows and cells are plain blocks
        table = pipeTable.clear();
        tableCaption = "";
        push(n, TABLE, 0, 0);
    }

    /** A javadoc summary grid of divs ({@link SummaryGrid}) is read as a table, each child div a cell. */
    private void summaryGrid(int n) {
        if (classHints != null && (classHints[n] & ClassHints.CLASS) != ClassHints.UNKNOWN
                && (classHints[n] & ClassHints.GRID) == 0) {
            return; // read by the main content's pass: no summary-table class
        }
        int columns = SummaryGrid.columns(tree, leftOut, n, classHints);
        if (columns == 0) return;
        table = pipeTable.clear();
        tableCaption = "";
        grid = n;
        gridColumns = columns;
        gridCells = 0;
        push(n, TABLE, 0, 0);
    }

    /** A part of the table being read, outside its cells: a row, a cell, a caption. */
    private void tablePart(int n, int role) {
        if (grid >= 0) { // the grid's children are its cells, a row every gridColumns
            if (tree.parent(n) != grid) return;
            // the first row read as the header stays the header (PipeTable.row), so a row's first cell's classes are
            // read only while there is none (isHeader, once a row, was 61 of 6,188 CPU samples of the content stage
            // on the JDK docs)
            if (gridCells++ % gridColumns == 0) table.row(!table.hasHeader() && SummaryGrid.isHeader(tree, n));
            flatten(1);
            push(n, CELL, 1, 1);
            return;
        }
        switch (role) {
            case ElementRole.ROW -> table.row(tree.is(tree.parent(n), "thead"));
            case ElementRole.CELL -> {
                int colspan = intAttr(n, "colspan", 1, 1, 1000);
                int rowspan = intAttr(n, "rowspan", 1, 1, 65_534);
                flatten(1);
                push(n, CELL, colspan, rowspan);
            }
            case ElementRole.CAPTION -> {
                flatten(1);
                push(n, CAPTION, 0, 0);
            }
            default -> {
            }
        }
    }

    private void pre(int n) {
        flushParagraph();
        TextBuffer text = preText;
        text.setLength(0);
        PreText.append(text, this, n);
        if (PreText.isBlank(text)) return;
        int fence = Math.max(3, MarkdownSyntax.longestBacktickRun(text) + 1);
        TextBuffer md = scratch;
        md.setLength(0);
        md.repeat('`', fence).append(CodeLanguage.of(this, n)).append('\n').append(text);
        if (text.last() != '\n') md.append('\n');
        md.repeat('`', fence);
        blocks.block(md);
    }

    private void code(int n) {
        inline.codeStart();
        push(n, CODE, 0, 0);
    }

    private void emphasis(int n) {
        if (inline.inCode()) return;
        boolean opens = emphasis++ == 0;
        if (opens) inline.open(STAR, STAR, "<em>", "</em>");
        push(n, EMPHASIS, opens ? 1 : 0, 0);
    }

    private void strong(int n) {
        if (inline.inCode()) return;
        boolean opens = strong++ == 0;
        if (opens) inline.open(STARS, STARS, "<strong>", "</strong>");
        push(n, STRONG, opens ? 1 : 0, 0);
    }

    private void struck(int n) {
        if (inline.inCode()) return;
        boolean opens = struck++ == 0;
        if (opens) inline.open(TILDES, TILDES, "<del>", "</del>");
        push(n, STRUCK, opens ? 1 : 0, 0);
    }

    /** Elements Markdown has no syntax for, kept as inline HTML: sup, sub, kbd. */
    private void html(int n) {
        if (inline.inCode()) return;
        switch (tree.name(n)) {
            case "sup" -> inline.open(SUP[0], SUP[1], null, null);
            case "sub" -> inline.open(SUB[0], SUB[1], null, null);
            default -> inline.open(KBD[0], KBD[1], null, null);
        }
        push(n, HTML, 0, 0);
    }

    private void link(int n) {
        if (links > 0) return;
        TextBuffer closing = linkClosing;
        closing.setLength(0);
        closing.append(']').append('(');
        if (!destination(closing, n, "href", false)) return;
        inline.openLink(closing.append(')'));
        links++;
        push(n, LINK, 0, 0);
    }

    private void image(int n) {
        TextBuffer md = scratch;
        md.setLength(0);
        md.append('!').append('[');
        TextBuffer alt = attributeValue(n, "alt", attribute);
        char[] a = alt.chars;
        boolean space = false;
        for (int i = 0; i < alt.length; i++) {
            char c = a[i];
            if (MarkdownSyntax.isHtmlSpace(c)) {
                space = md.length > 2;
                continue;
            }
            if (space) md.append(' ');
            space = false;
            if (c == '\\' || c == '[' || c == ']' || c == '`' || c == '*' || c == '_' || c == '<'
                || c == '&' && MarkdownSyntax.entityAt(a, i + 1, alt.length)) {
                md.append('\\');
            }
            md.append(c);
        }
        md.append(']').append('(');
        if (!destination(md, n, "src", true)) return;
        md.append(')');
        inline.atom(md);
    }

    /**
     * Appends to out the destination of the URL that element n's attribute (href, src) refers to, and n's title:
     * the URL is made right where it goes and, as most need nothing in a bare destination, left as it is. False
     * when the attribute refers to no URL (see {@link LinkUrls#append}), or image says a {@code data:} URL is none.
     */
    private boolean destination(TextBuffer out, int n, String name, boolean image) {
        int start = out.length;
        int bare = url(out, n, name);
        if (bare < 0 || image && isData(out, start)) return false;
        MarkdownSyntax.destinationInPlace(out, start, bare, url);
        title(out, n);
        return true;
    }

    /**
     * Appends to out the URL that element n's attribute (href, src) refers to; returns what {@link LinkUrls#append}
     * does (how many of its first characters need nothing in a bare destination, -1 for no URL: then out is as it
     * was).
     */
    private int url(TextBuffer out, int n, String name) {
        int start = out.length;
        int i = tree.attributeIndex(n, name);
        if (i < 0 || tree.valueStart(n, i) < 0) return -1; // no value: an empty one
        int bare = urls.append(out, tree.attributeChars(), tree.valueStart(n, i), tree.valueEnd(n, i));
        // the value as the page writes it is the value unless it has a character reference, which takes a '&': when
        // the URL needs nothing in a bare destination, it has no '&' (see bareRun), and neither has the value
        if (bare == out.length - start || !urls.lastMayHaveReference() || !tree.valueHasReference(n, i)) {
            return bounded(out, start, bare, n, i, name);
        }
        out.setLength(start);
        TextBuffer value = attributeValue(n, name, attribute);
        return bounded(out, start, urls.append(out, value.chars, 0, value.length), n, i, name);
    }

    /**
     * bare, when what the URL out[start, out.length) adds to element n's attribute value (its i-th, named name) is
     * within {@link #urlGrowth} (which it spends); else puts the value as written there instead and returns its bare
     * run.
     */
    private int bounded(TextBuffer out, int start, int bare, int n, int i, String name) {
        if (bare < 0) return bare;
        long added = out.length - start - (tree.valueEnd(n, i) - tree.valueStart(n, i));
        if (added <= urlGrowth) {
            urlGrowth -= Math.max(0, added);
            return bare;
        }
        out.setLength(start);
        out.append(attributeValue(n, name, attribute));
        return MarkdownSyntax.bareRun(out.chars, start, out.length) - start;
    }

    /**
     * Appends element n's title, if it has one that is not blank, as it goes after a link's destination. Only an
     * element with more attributes than its href or src can have one; a title that needs nothing is copied from where
     * it lies in the tree (it has no '&', so no character reference to decode).
     */
    private void title(TextBuffer out, int n) {
        if (tree.attributes(n) < 2) return;
        int i = tree.attributeIndex(n, "title");
        if (i < 0) return;
        int from = tree.valueStart(n, i);
        if (from < 0) return;
        char[] c = tree.attributeChars();
        int to = tree.valueEnd(n, i);
        if (MarkdownSyntax.isPlainTitle(c, from, to)) {
            MarkdownSyntax.plainTitle(out, c, from, to);
        } else {
            TextBuffer t = attributeValue(n, "title", attribute);
            MarkdownSyntax.title(out, t.chars, 0, t.length);
        }
    }

    /**
     * Element n's attribute's value, decoded, as jsoup's {@code attr} gives it ("" when it has none), in into
     * (emptied first): read where it lies in the tree, without making a string of it, unless it has a character
     * reference to decode.
     */
    private TextBuffer attributeValue(int n, String name, TextBuffer into) {
        into.setLength(0);
        int i = tree.attributeIndex(n, name);
        if (i < 0 || tree.valueStart(n, i) < 0) return into;
        if (tree.valueHasReference(n, i)) return into.append(tree.attributeValue(n, i));
        return into.append(tree.attributeChars(), tree.valueStart(n, i), tree.valueEnd(n, i));
    }

    /** Whether a URL is a {@code data:} URL (an image inside the page, which would only bloat the Markdown). */
    private static boolean isData(TextBuffer out, int start) {
        return out.length - start >= 5 && new String(out.chars, start, 5).equalsIgnoreCase("data:");
    }

    private int intAttr(int n, String name, int absent, int min, int max) {
        String value = tree.attr(n, name).strip();
        if (value.isEmpty()) return absent;
        long v = 0;
        int i = 0;
        while (i < value.length() && i < 10 && value.charAt(i) >= '0' && value.charAt(i) <= '9') {
            v = v * 10 + value.charAt(i) - '0';
            i++;
        }
        if (i == 0) return absent;
        return (int) Math.clamp(v, min, max);
    }

    /**
     * The first character the output will have after element el's closing markup: a text's first character, -1 for
     * a line's end (a block, a {@code <br>}, the end of the content), or the first character of the markup that
     * comes next (an enclosing element's closing, a following element's opening). The roots follow one another as
     * siblings. Looks a few dozen nodes ahead at most; when that is not enough, says a letter, which makes a closing
     * {@code *} after punctuation fall back to HTML (always correct).
     */
    @Override
    public int after(int el) {
        PageTree t = tree;
        int at = el;
        int root = rootIndex(el);
        for (int steps = 0; steps < 64; steps++) {
            boolean isRoot = root < roots.length && at == roots[root];
            int next = isRoot ? (root + 1 < roots.length ? roots[root + 1] : -1) : nextSibling(at);
            if (next < 0) {
                if (isRoot) return -1;
                int up = t.parent(at);
                int role = role(up);
                if (ElementRole.isBlock(role)) return -1;
                char closing = markup(up, role, false);
                if (closing != 0) return closing;
                at = up;
                continue;
            }
            if (isRoot) root++;
            if (t.isText(next)) return firstChar(next);
            int role = role(next);
            // a root is written even if it is a skipped one
            if (isRoot || !SkippedElements.skipped(t, next, role, classHints)
                && (role != ElementRole.A || !isPermalink(next))) {
                if (ElementRole.isBlock(role) || role == ElementRole.BR) return -1;
                char opening = markup(next, role, true);
                if (opening != 0) return opening;
                int first = firstChild(next);
                if (first >= 0) return t.isText(first) ? firstChar(first) : 'a';
            }
            at = next;
        }
        return 'a';
    }

    /** The index of the root that holds node n. */
    private int rootIndex(int n) {
        int i = 0;
        while (i + 1 < roots.length && tree.end(roots[i]) <= n) i++;
        return i;
    }

    /** A text node's first character, a space for any whitespace. */
    private int firstChar(int text) {
        char c = tree.text()[tree.textStart(text)];
        return MarkdownSyntax.isHtmlSpace(c) ? ' ' : c;
    }

    /** The first character of element n's opening (or closing) markup, or 0 when it is written without markup. */
    private char markup(int n, int role, boolean opening) {
        return switch (role) {
            case ElementRole.EMPHASIS, ElementRole.STRONG -> '*';
            case ElementRole.STRUCK -> '~';
            case ElementRole.CODE -> '`';
            case ElementRole.HTML -> '<';
            case ElementRole.IMG -> opening ? '!' : 0;
            case ElementRole.A -> tree.hasAttr(n, "href") ? (opening ? '[' : ']') : 0;
            default -> 0;
        };
    }
}
