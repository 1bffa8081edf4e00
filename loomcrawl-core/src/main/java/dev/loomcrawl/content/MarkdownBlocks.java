package dev.loomcrawl.content;

import java.util.ArrayList;

/**
 * The Markdown document's lines: blocks written one after another inside the containers (list items, block
 * quotes) open around them, each line prefixed as its containers require, one blank line between blocks.
 *
 * <p>A container's first line carries its marker ({@code "- "}, {@code "1. "}, {@code "> "}), its later lines
 * its indent ({@code "  "}, {@code "> "}). Separators are written lazily, when the next block comes, so that a
 * blank line takes the prefix of the containers the two blocks share, and none is written at a container's
 * start. No line ends in a space or tab (a prefix is cut on an empty line), except lines inside a code block,
 * whose content is kept as it is; but inside a list item a code line of only spaces and tabs is written empty,
 * since CommonMark reads such a line there as blank whatever it holds.
 */
final class MarkdownBlocks {
    /** A list item or block quote being written. */
    private static final class Container {
        final String marker;
        final String indent;
        final boolean item;
        boolean started;

        Container(String marker, String indent, boolean item) {
            this.marker = marker;
            this.indent = indent;
            this.item = item;
        }
    }

    private static final int NONE = 0;
    private static final int NEWLINE = 1;
    private static final int BLANK = 2;

    private final StringBuilder out = new StringBuilder(4096);
    private final ArrayList<Container> open = new ArrayList<>();
    private int separation = NONE;
    /** The container depth at which the last block written was a paragraph, or -1 if it was not one. */
    private int paragraphDepth = -1;

    /** How many containers are open. */
    int depth() {
        return open.size();
    }

    /** How much has been written: equal before and after a stretch of the walk when it wrote nothing. */
    int length() {
        return out.length();
    }

    /** Opens a container (a list item if item) whose first line begins with marker and later lines with indent. */
    void open(String marker, String indent, boolean item) {
        open.add(new Container(marker, indent, item));
    }

    /** Whether the innermost container is a list item that has begun: a list now would be nested in its text. */
    boolean inStartedItem() {
        return !open.isEmpty() && open.getLast().item && open.getLast().started;
    }

    /** Closes the innermost container, a block quote; an empty one leaves nothing. */
    void close() {
        open.removeLast();
    }

    /**
     * Closes the innermost container, a list item; an empty one is written as its marker alone (it still counts as
     * an item), after a blank line if it is its list's first (an empty item cannot interrupt a paragraph).
     */
    void closeItem(boolean first) {
        if (!open.getLast().started) {
            if (first && separation == NEWLINE) separation = BLANK;
            writeLines("");
            paragraphDepth = -1;
        }
        open.removeLast();
    }

    /**
     * Asks for the next block to follow on the next line rather than after a blank line: list items of a tight
     * list, or a list right after its item's paragraph.
     */
    void tighten() {
        if (separation == BLANK) separation = NEWLINE;
    }

    /** Whether the last block written was a paragraph inside exactly the containers open now. */
    boolean paragraphLast() {
        return paragraphDepth == open.size();
    }

    /** Writes a paragraph (inline Markdown, lines ended by hard breaks). */
    void paragraph(CharSequence markdown) {
        writeLines(markdown);
        paragraphDepth = open.size();
    }

    /**
     * Writes a block other than a paragraph: a heading, a thematic break, a table, a fenced code block (whose
     * content lines are kept exactly, trailing spaces included).
     */
    void block(CharSequence markdown) {
        writeLines(markdown);
        paragraphDepth = -1;
    }

    /** The document: empty, or lines each ended by a newline. */
    String result() {
        return out.toString();
    }

    /** Writes text's lines (text has no final newline), each after its containers' prefix. */
    private void writeLines(CharSequence text) {
        if (!out.isEmpty() && separation == BLANK) {
            int start = out.length();
            for (Container c : open) {
                if (c.started) out.append(c.indent);
            }
            trimEnd(start);
            out.append('\n');
        }
        boolean inItem = false;
        for (Container c : open) inItem |= c.item;
        int from = 0;
        while (true) {
            int nl = indexOfNewline(text, from);
            int to = nl < 0 ? text.length() : nl;
            int start = out.length();
            for (Container c : open) {
                out.append(c.started ? c.indent : c.marker);
                c.started = true;
            }
            if (to == from || inItem && blank(text, from, to)) {
                trimEnd(start);
                from = to;
            }
            out.append(text, from, to).append('\n');
            if (nl < 0) break;
            from = nl + 1;
        }
        separation = BLANK;
    }

    private static int indexOfNewline(CharSequence text, int from) {
        if (text instanceof String s) return s.indexOf('\n', from);
        if (text instanceof StringBuilder sb) return sb.indexOf("\n", from);
        for (int i = from; i < text.length(); i++) {
            if (text.charAt(i) == '\n') return i;
        }
        return -1;
    }

    private static boolean blank(CharSequence text, int from, int to) {
        for (int i = from; i < to; i++) {
            if (text.charAt(i) != ' ' && text.charAt(i) != '\t') return false;
        }
        return true;
    }

    /** Removes spaces and tabs at the end of out, back to start at most. */
    private void trimEnd(int start) {
        int n = out.length();
        while (n > start && (out.charAt(n - 1) == ' ' || out.charAt(n - 1) == '\t')) n--;
        out.setLength(n);
    }
}
