package dev.loomcrawl.content;

import dev.loomcrawl.result.PageText;

import java.util.Arrays;

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
        char[] marker;
        char[] indent;
        boolean item;
        boolean started;
    }

    private static final int NONE = 0;
    private static final int NEWLINE = 1;
    private static final int BLANK = 2;
    private static final char[] NO_TEXT = {};

    private final OutputText out;
    /** The open containers, innermost last: the first {@code depth} of the array (the rest are for reuse). */
    private Container[] open = new Container[8];
    private int depth;
    private int separation = NONE;
    /** The container depth at which the last block written was a paragraph, or -1 if it was not one. */
    private int paragraphDepth = -1;

    /** Blocks written into a buffer of this capacity at first. */
    MarkdownBlocks(int capacity) {
        out = new OutputText(capacity);
    }

    /** How many containers are open. */
    int depth() {
        return depth;
    }

    /** How much has been written: equal before and after a stretch of the walk when it wrote nothing. */
    int length() {
        return out.length();
    }

    /** Opens a container (a list item if item) whose first line begins with marker and later lines with indent. */
    void open(char[] marker, char[] indent, boolean item) {
        if (depth == open.length) open = Arrays.copyOf(open, depth * 2);
        Container c = open[depth];
        if (c == null) open[depth] = c = new Container();
        depth++;
        c.marker = marker;
        c.indent = indent;
        c.item = item;
        c.started = false;
    }

    /** Whether the innermost container is a list item that has begun: a list now would be nested in its text. */
    boolean inStartedItem() {
        return depth > 0 && open[depth - 1].item && open[depth - 1].started;
    }

    /** Closes the innermost container, a block quote; an empty one leaves nothing. */
    void close() {
        depth--;
    }

    /**
     * Closes the innermost container, a list item; an empty one is written as its marker alone (it still counts as
     * an item), after a blank line if it is its list's first (an empty item cannot interrupt a paragraph).
     */
    void closeItem(boolean first) {
        if (!open[depth - 1].started) {
            if (first && separation == NEWLINE) separation = BLANK;
            writeLines(NO_TEXT, 0, 0, true);
            paragraphDepth = -1;
        }
        depth--;
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
        return paragraphDepth == depth;
    }

    /** Writes a paragraph (inline Markdown, lines ended by hard breaks; oneLine when it has none). */
    void paragraph(TextBuffer markdown, boolean oneLine) {
        writeLines(markdown.chars, 0, markdown.length, oneLine);
        paragraphDepth = depth;
    }

    /**
     * Writes a block other than a paragraph: a heading, a thematic break, a table, a fenced code block (whose
     * content lines are kept exactly, trailing spaces included).
     */
    void block(TextBuffer markdown) {
        writeLines(markdown.chars, 0, markdown.length, false);
        paragraphDepth = -1;
    }

    /**
     * Writes a block whose lines come encoded (at least one; a table, {@link PipeTable#render}) exactly as
     * {@link #block(TextBuffer)} writes their characters joined by newlines: each line copied after its containers'
     * prefixes, where the characters were encoded one by one (205 of a --content crawl's 19,800 CPU samples on the
     * JDK docs, whose summary tables are in list items).
     */
    void block(EncodedLines lines) {
        OutputText o = out;
        byte[] b = lines.bytes;
        int[] ends = lines.ends;
        boolean surrogates = lines.surrogates;
        if (depth == 0) { // no prefixes: the lines as they are
            if (!o.isEmpty() && separation == BLANK) o.append('\n');
            for (int l = 0, at = 0; l < lines.lines; at = ends[l++]) {
                o.appendEncoded(b, at, ends[l], surrogates).append('\n');
            }
        } else {
            blankLine();
            boolean inItem = inItem();
            for (int l = 0, at = 0; l < lines.lines; at = ends[l++]) {
                int start = prefixes();
                int textStart = o.length();
                o.appendEncoded(b, at, ends[l], surrogates);
                if (ends[l] == at || inItem && blank(b, at, ends[l])) { // as writeLines takes such a line back
                    o.setLength(textStart);
                    trimEnd(start);
                }
                o.append('\n');
            }
        }
        separation = BLANK;
        paragraphDepth = -1;
    }

    /**
     * The document as written ({@link OutputText#written}): empty, or lines each ended by a newline; nothing is
     * written after.
     */
    PageText written() {
        return out.written();
    }

    /**
     * Writes the lines of text[from, to) (which has no final newline), each after its containers' prefix; oneLine
     * when the caller knows it has no newline, which saves looking for one.
     */
    private void writeLines(char[] text, int from, int to, boolean oneLine) {
        OutputText o = out;
        if (depth == 0) { // no prefixes: the lines as they are
            if (!o.isEmpty() && separation == BLANK) o.append('\n');
            o.append(text, from, to).append('\n');
            separation = BLANK;
            return;
        }
        blankLine();
        boolean inItem = inItem();
        int at = from;
        while (true) {
            int start = prefixes();
            // the line is found as it is written (a scan for its end went first: 90 of a --content crawl's 19,800
            // CPU samples on the JDK docs), and taken back when it is empty or, in a list item, blank
            int textStart = o.length();
            int nl;
            if (oneLine) {
                o.append(text, at, to);
                nl = to;
            } else {
                nl = o.appendLine(text, at, to);
            }
            if (nl == at || inItem && blank(text, at, nl)) {
                o.setLength(textStart);
                trimEnd(start);
            }
            o.append('\n');
            if (nl == to) break;
            at = nl + 1;
        }
        separation = BLANK;
    }

    /**
     * Writes the blank line that separates the next block from the last, when one is due, with the prefixes of the
     * containers open, trimmed; depth is not 0.
     */
    private void blankLine() {
        OutputText o = out;
        if (o.isEmpty() || separation != BLANK) return;
        int start = o.length();
        for (int i = 0; i < depth; i++) {
            if (open[i].started) o.append(open[i].indent, 0, open[i].indent.length);
        }
        trimEnd(start);
        o.append('\n');
    }

    private boolean inItem() {
        boolean inItem = false;
        for (int i = 0; i < depth; i++) inItem |= open[i].item;
        return inItem;
    }

    /** Writes a line's prefixes: each container's marker on its first line, else its indent; returns their start. */
    private int prefixes() {
        OutputText o = out;
        int start = o.length();
        for (int i = 0; i < depth; i++) {
            Container c = open[i];
            char[] prefix = c.started ? c.indent : c.marker;
            o.append(prefix, 0, prefix.length);
            c.started = true;
        }
        return start;
    }

    private static boolean blank(char[] text, int from, int to) {
        for (int i = from; i < to; i++) {
            if (text[i] != ' ' && text[i] != '\t') return false;
        }
        return true;
    }

    /** As {@link #blank(char[], int, int)}, over encoded characters: spaces and tabs' escapes only. */
    private static boolean blank(byte[] text, int from, int to) {
        int i = from;
        while (i < to) {
            if (text[i] == ' ') i++;
            else if (text[i] == '\\' && text[i + 1] == 't') i += 2; // a character's first byte: an escape's start
            else return false;
        }
        return true;
    }

    /** Removes spaces and tabs at the end of out, back to start at most. */
    private void trimEnd(int start) {
        out.setLength(out.trimmedEnd(start, true));
    }
}
