package dev.loomcrawl.content;

import java.util.ArrayDeque;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.NodeFilter;
import org.jsoup.select.NodeTraversor;

/**
 * One conversion of a subtree to Markdown: a single walk over the DOM (jsoup's {@link NodeTraversor}, which
 * loops rather than recurses), deciding per element what it becomes. Inline content goes to a
 * {@link MarkdownInline}; a block's start or end hands the paragraph so far to the {@link MarkdownBlocks}. Elements
 * whose end must do something (close a link, a list item, a table) push a {@link Frame}, popped at their end.
 *
 * <p>Headings, table cells and captions are flat: their blocks are separated by spaces, and a table or
 * {@code <pre>} inside them becomes text and a code span. Lists and block quotes nest up to {@link #MAX_NESTING}
 * deep; deeper ones are written as paragraphs at that depth, so that the indentation (and the output) stays
 * linear in the input even for thousands of nested lists.
 */
final class MarkdownWalk implements NodeFilter {
    /** The deepest lists and block quotes nest; each level adds two to four characters to every line. */
    static final int MAX_NESTING = 16;

    /** Something an element's end must do, pushed at its start. */
    private record Frame(Element el, Runnable exit) {
    }

    /** A list being written: its items' numbering and marker character. */
    private static final class ListState {
        final boolean ordered;
        final char delimiter;
        int next;
        boolean inItem;
        /** The output's length when the last item ended, so that the next knows if anything came between. */
        int lastItemEnd = -1;

        ListState(boolean ordered, char delimiter, int start) {
            this.ordered = ordered;
            this.delimiter = delimiter;
            this.next = start;
        }
    }

    private final Element root;
    private final MarkdownBlocks blocks = new MarkdownBlocks();
    private final MarkdownInline inline = new MarkdownInline();
    private final ArrayDeque<Frame> frames = new ArrayDeque<>();
    private final ArrayDeque<ListState> lists = new ArrayDeque<>();
    private final LinkUrls urls;
    /** How many headings, table cells and captions enclose the current node. */
    private int flat;
    /** The table whose rows are being read, or null (a table in one of its cells is flat: text, not a table). */
    private PipeTable table;
    private String tableCaption = "";
    private int links;
    private int emphasis;
    private int strong;
    private int struck;
    /** Where the last list ended (output length and depth) and its marker, so that the next one can differ. */
    private int lastListEnd = -1;
    private int lastListDepth = -1;
    private char lastListDelimiter;

    MarkdownWalk(Element root) {
        this.root = root;
        this.urls = new LinkUrls(root);
    }

    String run() {
        NodeTraversor.filter(this, root);
        flushParagraph();
        return blocks.result();
    }

    @Override
    public FilterResult head(Node node, int depth) {
        if (node instanceof TextNode t) {
            if (table == null || flat > 0) inline.text(t.getWholeText());
            return FilterResult.CONTINUE;
        }
        if (!(node instanceof Element el)) return FilterResult.SKIP_ENTIRELY;
        if (el != root && SkippedElements.skipped(el)) return FilterResult.SKIP_ENTIRELY;
        String name = el.normalName();
        switch (name) {
            case "br" -> inline.lineBreak();
            case "img" -> image(el);
            case "a" -> link(el);
            case "em", "i", "cite", "dfn", "var" -> emphasis(el);
            case "strong", "b" -> strong(el);
            case "del", "s", "strike" -> struck(el);
            case "sup", "sub", "kbd" -> html(el, name);
            case "code", "tt", "samp" -> code(el);
            case "pre" -> {
                if (flat == 0) {
                    pre(el);
                    return FilterResult.SKIP_ENTIRELY;
                }
                inline.whitespace();
                code(el);
            }
            default -> {
                if (BlockElements.isBlock(name)) block(el, name);
            }
        }
        return FilterResult.CONTINUE;
    }

    @Override
    public FilterResult tail(Node node, int depth) {
        if (node instanceof Element el) {
            while (!frames.isEmpty() && frames.peek().el() == el) frames.pop().exit().run();
            if (BlockElements.isBlock(el.normalName())) {
                if (flat > 0) inline.whitespace();
                else if (table == null) flushParagraph();
            }
        }
        return FilterResult.CONTINUE;
    }

    private void push(Element el, Runnable exit) {
        frames.push(new Frame(el, exit));
    }

    private void flushParagraph() {
        CharSequence markdown = inline.finish();
        if (!markdown.isEmpty()) blocks.paragraph(markdown);
        inline.clear();
    }

    private void flatten(int delta) {
        flat += delta;
        inline.flat(flat > 0);
    }

    private void block(Element el, String name) {
        if (flat > 0) {
            inline.whitespace();
            return;
        }
        if (table != null) {
            tablePart(el, name);
            return;
        }
        flushParagraph();
        int level = BlockElements.headingLevel(name);
        if (level > 0) {
            heading(el, level);
            return;
        }
        switch (name) {
            case "ul", "menu", "dir" -> list(el, false);
            case "ol" -> list(el, true);
            case "li" -> item(el);
            case "blockquote" -> quote(el);
            case "hr" -> blocks.block("---");
            case "table" -> table(el);
            case "dt" -> strong(el);
            case "figcaption" -> emphasis(el);
            case "div", "aside", "section" -> {
                if (admonition(el)) quote(el);
            }
            default -> {
            }
        }
        if (!name.equals("dt") && hasClass(el, "admonition-title")) strong(el);
    }

    private void heading(Element el, int level) {
        flatten(1);
        push(el, () -> {
            String text = inline.take();
            flatten(-1);
            if (!text.isEmpty()) blocks.block("#".repeat(level) + " " + escapeClosingHashes(text));
        });
    }

    /** A heading's text ending in " #" would lose the #s as a closing sequence: escape the run. */
    private static String escapeClosingHashes(String text) {
        if (!text.endsWith("#")) return text;
        int run = text.length();
        while (run > 0 && text.charAt(run - 1) == '#') run--;
        if (run > 0 && text.charAt(run - 1) != ' ') return text;
        return text.substring(0, run) + "\\" + text.substring(run);
    }

    private void list(Element el, boolean ordered) {
        if (blocks.depth() >= MAX_NESTING) return;
        int start = ordered ? intAttr(el, "start", 1, 0, 999_999_999) : 1;
        boolean afterList = blocks.length() == lastListEnd && blocks.depth() == lastListDepth;
        char delimiter = ordered ? (afterList && lastListDelimiter == '.' ? ')' : '.')
            : (afterList && lastListDelimiter == '-' ? '*' : '-');
        if (blocks.inStartedItem() && blocks.paragraphLast() && (!ordered || start == 1)) blocks.tighten();
        ListState list = new ListState(ordered, delimiter, start);
        lists.push(list);
        push(el, () -> {
            lists.pop();
            lastListEnd = blocks.length();
            lastListDepth = blocks.depth();
            lastListDelimiter = delimiter;
        });
    }

    private void item(Element el) {
        ListState list = lists.peek();
        if (list == null || list.inItem || blocks.depth() >= MAX_NESTING) return;
        String marker = list.ordered ? list.next + String.valueOf(list.delimiter) + " " : list.delimiter + " ";
        if (blocks.length() == list.lastItemEnd) blocks.tighten();
        blocks.open(marker, " ".repeat(marker.length()), true);
        list.inItem = true;
        push(el, () -> {
            flushParagraph();
            blocks.closeItem(list.lastItemEnd < 0);
            list.inItem = false;
            list.next++;
            list.lastItemEnd = blocks.length();
        });
    }

    private void quote(Element el) {
        if (blocks.depth() >= MAX_NESTING) return;
        blocks.open("> ", "> ", false);
        push(el, () -> {
            flushParagraph();
            blocks.close();
        });
    }

    /**
     * A Sphinx or MkDocs admonition ({@code div.admonition}, or a block whose first child is its
     * {@code .admonition-title}, as docutils writes {@code div.note}): a block quote, its title in bold.
     */
    private static boolean admonition(Element el) {
        if (el.attributesSize() == 0) return false;
        String classes = el.className();
        if (classes.contains("admonition")) return el.hasClass("admonition");
        if (classes.isEmpty()) return false;
        Element first = el.firstElementChild();
        return first != null && hasClass(first, "admonition-title");
    }

    /** el.hasClass(name), without a token scan for the many elements whose class attribute does not contain it. */
    private static boolean hasClass(Element el, String name) {
        return el.attributesSize() > 0 && el.className().contains(name) && el.hasClass(name);
    }

    private void table(Element el) {
        if (cells(el, 2) < 2) return; // a layout table: its rows and cells are plain blocks
        PipeTable t = new PipeTable();
        table = t;
        tableCaption = "";
        push(el, () -> {
            table = null;
            if (!tableCaption.isEmpty()) blocks.paragraph(tableCaption);
            if (!t.isEmpty()) blocks.block(t.render());
        });
    }

    /** A part of the table being read, outside its cells: a row, a cell, a caption. */
    private void tablePart(Element el, String name) {
        switch (name) {
            case "tr" -> table.row(el.parent() != null && el.parent().nameIs("thead"));
            case "td", "th" -> {
                int colspan = intAttr(el, "colspan", 1, 1, 1000);
                int rowspan = intAttr(el, "rowspan", 1, 1, 65_534);
                flatten(1);
                push(el, () -> {
                    String cell = inline.take();
                    flatten(-1);
                    table.cell(cell, colspan, rowspan);
                });
            }
            case "caption" -> {
                flatten(1);
                push(el, () -> {
                    String caption = inline.take();
                    flatten(-1);
                    tableCaption = tableCaption.isEmpty() ? caption : tableCaption + " " + caption;
                });
            }
            default -> {
            }
        }
    }

    /** How many cells the table's own rows have, counting up to enough. */
    private static int cells(Element table, int enough) {
        int count = 0;
        for (Element part : table.children()) {
            if (part.nameIs("tr")) {
                count += rowCells(part);
            } else if (part.nameIs("thead") || part.nameIs("tbody") || part.nameIs("tfoot")) {
                for (Element row : part.children()) {
                    if (row.nameIs("tr")) count += rowCells(row);
                    if (count >= enough) return count;
                }
            }
            if (count >= enough) return count;
        }
        return count;
    }

    private static int rowCells(Element row) {
        int count = 0;
        for (Element cell : row.children()) {
            if (cell.nameIs("td") || cell.nameIs("th")) count++;
        }
        return count;
    }

    private void pre(Element el) {
        flushParagraph();
        StringBuilder text = PreText.of(el);
        if (PreText.isBlank(text)) return;
        String fence = "`".repeat(Math.max(3, MarkdownSyntax.longestBacktickRun(text) + 1));
        text.insert(0, fence + CodeLanguage.of(el) + "\n");
        if (text.charAt(text.length() - 1) != '\n') text.append('\n');
        text.append(fence);
        blocks.block(text);
    }

    private void code(Element el) {
        inline.codeStart();
        push(el, inline::codeEnd);
    }

    private void emphasis(Element el) {
        if (inline.inCode()) return;
        if (emphasis++ == 0) wrap(el, "*", "*", "<em>", "</em>");
        push(el, () -> emphasis--);
    }

    private void strong(Element el) {
        if (inline.inCode()) return;
        if (strong++ == 0) wrap(el, "**", "**", "<strong>", "</strong>");
        push(el, () -> strong--);
    }

    private void struck(Element el) {
        if (inline.inCode()) return;
        if (struck++ == 0) wrap(el, "~~", "~~", "<del>", "</del>");
        push(el, () -> struck--);
    }

    /** Elements Markdown has no syntax for, kept as inline HTML: sup, sub, kbd. */
    private void html(Element el, String name) {
        if (inline.inCode()) return;
        wrap(el, "<" + name + ">", "</" + name + ">", null, null);
    }

    private void wrap(Element el, String open, String close, String htmlOpen, String htmlClose) {
        MarkdownInline.Wrapper w = inline.open(open, close, htmlOpen, htmlClose);
        push(el, () -> inline.close(w, () -> following(el)));
    }

    private void link(Element el) {
        if (links > 0) return;
        String url = urls.of(el, "href");
        if (url == null || url.isEmpty()) return;
        StringBuilder close = new StringBuilder(url.length() + 8).append("](");
        MarkdownSyntax.destination(close, url, el.attr("title"));
        close.append(')');
        MarkdownInline.Wrapper w = inline.open("[", close.toString(), null, null);
        links++;
        push(el, () -> {
            inline.close(w, () -> -1);
            links--;
        });
    }

    private void image(Element el) {
        String src = urls.of(el, "src");
        if (src == null || src.isEmpty() || src.regionMatches(true, 0, "data:", 0, 5)) return;
        StringBuilder md = new StringBuilder(src.length() + 32).append("![");
        String alt = el.attr("alt");
        boolean space = false;
        for (int i = 0; i < alt.length(); i++) {
            char c = alt.charAt(i);
            if (MarkdownSyntax.isHtmlSpace(c)) {
                space = md.length() > 2;
                continue;
            }
            if (space) md.append(' ');
            space = false;
            if (c == '\\' || c == '[' || c == ']' || c == '`' || c == '*' || c == '_' || c == '<'
                || c == '&' && MarkdownSyntax.entityAt(alt, i + 1)) {
                md.append('\\');
            }
            md.append(c);
        }
        md.append("](");
        MarkdownSyntax.destination(md, src, el.attr("title"));
        md.append(')');
        inline.atom(md);
    }

    private static int intAttr(Element el, String name, int absent, int min, int max) {
        String value = el.attr(name).strip();
        if (value.isEmpty()) return absent;
        long n = 0;
        int i = 0;
        while (i < value.length() && i < 10 && value.charAt(i) >= '0' && value.charAt(i) <= '9') {
            n = n * 10 + value.charAt(i) - '0';
            i++;
        }
        if (i == 0) return absent;
        return (int) Math.clamp(n, min, max);
    }

    /**
     * The first character the output will have after el's closing markup: a text's first character, -1 for a
     * line's end (a block, a {@code <br>}, the end of root), or the first character of the markup that comes next
     * (an enclosing element's closing, a following element's opening). Looks a few dozen nodes ahead at most; when
     * that is not enough, says a letter, which makes a closing {@code *} after punctuation fall back to HTML
     * (always correct).
     */
    private int following(Element el) {
        Node at = el;
        for (int steps = 0; steps < 64; steps++) {
            Node next = at.nextSibling();
            if (next == null) {
                Node parent = at.parentNode();
                if (parent == null || parent == root || !(parent instanceof Element up)) return -1;
                String name = up.normalName();
                if (BlockElements.isBlock(name)) return -1;
                char closing = markup(up, name, false);
                if (closing != 0) return closing;
                at = parent;
                continue;
            }
            if (next instanceof TextNode t) {
                String text = t.getWholeText();
                if (!text.isEmpty()) return MarkdownSyntax.isHtmlSpace(text.charAt(0)) ? ' ' : text.charAt(0);
                at = next;
                continue;
            }
            if (next instanceof Element e && !SkippedElements.skipped(e)) {
                String name = e.normalName();
                if (BlockElements.isBlock(name) || name.equals("br")) return -1;
                char opening = markup(e, name, true);
                if (opening != 0) return opening;
                if (e.childNodeSize() > 0) {
                    Node first = e.firstChild();
                    if (first instanceof TextNode t && !t.getWholeText().isEmpty()) {
                        char c = t.getWholeText().charAt(0);
                        return MarkdownSyntax.isHtmlSpace(c) ? ' ' : c;
                    }
                    return 'a';
                }
            }
            at = next;
        }
        return 'a';
    }

    /** The first character of el's opening (or closing) markup, or 0 when it is written without markup. */
    private static char markup(Element el, String name, boolean opening) {
        return switch (name) {
            case "em", "i", "cite", "dfn", "var", "strong", "b" -> '*';
            case "del", "s", "strike" -> '~';
            case "code", "tt", "samp" -> '`';
            case "sup", "sub", "kbd" -> '<';
            case "img" -> opening ? '!' : 0;
            case "a" -> el.hasAttr("href") ? (opening ? '[' : ']') : 0;
            default -> 0;
        };
    }
}
