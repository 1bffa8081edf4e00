package dev.loomcrawl.content;

import java.util.Arrays;

/**
 * One paragraph's (or heading's, or table cell's) inline Markdown, written as the page's inline content streams
 * in: whitespace collapsed as a browser does, text escaped just enough that it stays text, code spans, and the
 * markup of inline elements (emphasis, links...) as {@link Wrapper}s.
 *
 * <p>Collapsed whitespace is held back until visible content follows, so that no line ends in a space, a paragraph
 * does not begin with one, and a closing {@code *} goes before it. A wrapper's opening markup is likewise held
 * back until its first content, so that an element without visible content leaves nothing. A paragraph taken
 * with wrappers still open (a link around two blocks) closes them, and they open again with the next content.
 *
 * <p>Emphasis written with {@code *} must obey CommonMark's flanking rules to be read as emphasis: its opening
 * run must be able to open and not to close, its closing run the reverse (a run that could do both, as in
 * {@code <em>"quoted"</em>word} or within a word, may pair with another run than its own), and neither may touch
 * another run of the same character ({@code <em>a</em><em>b</em>} would make one run {@code **}). Where that
 * fails, the element is written with underscores when they would be read ({@code **<em>class</em> abc**} becomes
 * {@code **_class_ abc**}), else as its text alone: Markdown either way, never raw {@code <em>} HTML.
 *
 * <p>Adjacent code spans ({@code <code>a</code><code>b</code>}) are merged into one, since two backtick fences
 * side by side would read as one longer fence.
 *
 * <p>Text comes as ranges of a character array (the {@code PageTree}'s), and runs of ordinary characters are copied
 * whole. Wrappers are nested, so they are a stack whose objects are reused.
 */
final class MarkdownInline {
    private static final char[] BRACKET = {'['};
    /** Characters that may need a backslash in text (the others never do). */
    private static final boolean[] SPECIAL = new boolean[128];
    /** Characters copied as they are: neither special nor HTML whitespace (and any character from 128 up). */
    private static final boolean[] PLAIN = new boolean[128];

    static {
        for (char c : "\\`*_[]<&~#>+-=".toCharArray()) SPECIAL[c] = true;
        for (char c = 0; c < 128; c++) PLAIN[c] = !SPECIAL[c] && !MarkdownSyntax.isHtmlSpace(c);
    }

    /** What a closing delimiter asks of the walk: the first character the output will have after an element. */
    interface Following {
        /** See {@code MarkdownWalk.after}. */
        int after(int element);
    }

    /**
     * The markup around an inline element's content: {@code open}/{@code close} as Markdown; {@code htmlOpen} and
     * {@code htmlClose} are set for a delimiter (emphasis, strikethrough), whose flanking is checked as it closes.
     */
    private static final class Wrapper {
        private char[] open;
        /** The closing markup: the first closeLength characters. */
        private char[] close;
        private int closeLength;
        private String htmlOpen;
        private String htmlClose;
        /** Where open was written in the paragraph, or -1 while it waits for content. */
        private int at;

        /** Whether open and close are delimiter runs (flanking rules apply), not brackets or HTML. */
        boolean delimiter() {
            return htmlOpen != null;
        }
    }

    private final TextBuffer buf = new TextBuffer(256);
    private final TextBuffer code = new TextBuffer(64);
    /**
     * The last code span written: where it starts and ends in buf (-1 once buf changed before it), and how long its
     * content is (between its fences, and spaces inside them, which take as many characters at each end).
     */
    private int lastCodeStart = -1;
    private int lastCodeEnd = -1;
    private int lastCodeLength;
    /** The open wrappers, innermost last: the first {@code wrapperCount} of the array (the rest are for reuse). */
    private Wrapper[] wrappers = new Wrapper[8];
    private int wrapperCount;
    /** Index of the first wrapper whose opening waits for content; wrapperCount when none does. */
    private int firstPending;
    private boolean pendingSpace;
    private boolean codeSpace;
    private int pendingBreaks;
    /** Whether the paragraph has a line break: whether it is more than one line. */
    private boolean broken;
    private int codeDepth;
    private boolean flat;

    /**
     * Sets whether the content must stay on one line (a heading, a table cell): line breaks become spaces, and
     * characters that only matter at a line's start (a {@code #}, a {@code 1.}) are not escaped.
     */
    void flat(boolean flat) {
        this.flat = flat;
    }

    boolean inCode() {
        return codeDepth > 0;
    }

    boolean isEmpty() {
        return buf.isEmpty() && code.isEmpty();
    }

    /**
     * Appends the text s[from, to) as a browser shows it: whitespace collapsed, Markdown's special characters
     * escaped. Runs of ordinary characters are appended whole.
     */
    void text(char[] s, int from, int to) {
        int orderedDelimiter = -1;
        int i = from;
        while (i < to) {
            char c = s[i];
            if (c <= ' ' && MarkdownSyntax.isHtmlSpace(c)) {
                whitespace();
                i++;
                continue;
            }
            if (codeDepth > 0) {
                int end = MarkdownSyntax.collapsedRun(s, i + 1, to);
                codeText(s, i, end);
                i = end;
                continue;
            }
            if (pendingSpace || pendingBreaks > 0 || firstPending < wrapperCount) beforeContent();
            if (c < 128 && SPECIAL[c]) {
                if (needsEscape(c, s, i, to)) buf.append('\\');
                buf.append(c);
                i++;
                continue;
            }
            if (i == orderedDelimiter) {
                buf.append('\\').append(c);
                i++;
                continue;
            }
            if (c >= '0' && c <= '9' && !flat && atLineStart()) orderedDelimiter = orderedMarkerDelimiter(s, i, to);
            int end = run(s, i + 1, to, orderedDelimiter);
            buf.append(s, i, end);
            i = end;
        }
    }

    /**
     * The end of the run of ordinary characters from s[from]: none special, and single spaces between them (which
     * collapsing leaves as they are); stops before stop and at to.
     */
    private static int run(char[] s, int from, int to, int stop) {
        int limit = stop >= from && stop < to ? stop : to;
        boolean[] plain = PLAIN;
        int end = from;
        while (end < limit) {
            char c = s[end];
            if (c >= 128 || plain[c]) {
                end++;
            } else if (c == ' ' && end + 1 < limit && (s[end + 1] >= 128 || plain[s[end + 1]])) {
                end += 2;
            } else {
                break;
            }
        }
        return end;
    }

    /** Collapsible whitespace: one space, written only if visible content follows on the same line. */
    void whitespace() {
        if (codeDepth > 0 && !code.isEmpty()) codeSpace = true;
        else pendingSpace = true;
    }

    /** A {@code <br>}: a hard line break (a space when flat), written only if content follows. */
    void lineBreak() {
        if (flat) whitespace();
        else if (!isEmpty()) pendingBreaks++;
    }

    /** Appends ready Markdown that counts as content (an image). */
    void atom(TextBuffer markdown) {
        flushCode();
        beforeContent();
        buf.append(markdown);
    }

    /** Starts a code element: text goes into code spans until the matching {@link #codeEnd()}. */
    void codeStart() {
        codeDepth++;
    }

    void codeEnd() {
        if (--codeDepth == 0) flushCode();
    }

    /**
     * Starts an inline element's markup; it is written when content follows. Close it with {@link #close}, before
     * any wrapper opened before it.
     */
    void open(char[] open, char[] close, String htmlOpen, String htmlClose) {
        push(open, close, close.length, htmlOpen, htmlClose);
    }

    /** Starts a link, whose closing markup is close's: it must not change until the link is closed. */
    void openLink(TextBuffer close) {
        push(BRACKET, close.chars, close.length, null, null);
    }

    private void push(char[] open, char[] close, int closeLength, String htmlOpen, String htmlClose) {
        if (wrapperCount == wrappers.length) wrappers = Arrays.copyOf(wrappers, wrapperCount * 2);
        Wrapper w = wrappers[wrapperCount];
        if (w == null) wrappers[wrapperCount] = w = new Wrapper();
        wrapperCount++;
        w.open = open;
        w.close = close;
        w.closeLength = closeLength;
        w.htmlOpen = htmlOpen;
        w.htmlClose = htmlClose;
        w.at = -1;
    }

    /**
     * Closes the innermost wrapper, opened for element. When it had content, its closing markup is written;
     * following gives the first character the output will have after the element (asked only for a delimiter,
     * whose flanking depends on it).
     */
    void close(Following following, int element) {
        flushCode();
        if (wrapperCount == 0) throw new IllegalStateException("no wrapper to close");
        Wrapper w = wrappers[--wrapperCount];
        if (firstPending > wrapperCount) firstPending = wrapperCount;
        if (w.at < 0) return;
        if (buf.length == w.at + w.open.length) {
            buf.setLength(w.at);
            lastCodeEnd = -1;
            return;
        }
        int next = !w.delimiter() ? -1 : pendingSpace ? ' ' : following.after(element);
        writeClose(w, next);
    }

    /**
     * The paragraph so far, emptied: open wrappers are closed in it (and will open again before the next
     * content), pending whitespace and breaks are dropped.
     */
    String take() {
        String s = finish().toString();
        clear();
        return s;
    }

    /**
     * Ends the paragraph as {@link #take()} does, but returns it without copying it: the returned buffer is
     * valid until {@link #clear()}, which must be called before anything else is written.
     */
    TextBuffer finish() {
        flushCode();
        for (int i = wrapperCount - 1; i >= 0; i--) {
            Wrapper w = wrappers[i];
            if (w.at >= 0) writeClose(w, -1);
            w.at = -1;
        }
        firstPending = 0;
        pendingSpace = false;
        pendingBreaks = 0;
        return buf;
    }

    /** Empties the paragraph {@link #finish()} returned. */
    void clear() {
        buf.setLength(0);
        lastCodeEnd = -1;
        broken = false;
    }

    /** Whether the paragraph {@link #finish()} returned is one line: no line break was written in it. */
    boolean oneLine() {
        return !broken;
    }

    private void writeClose(Wrapper w, int next) {
        if (w.delimiter()) {
            char[] b = buf.chars;
            int before = w.at == 0 || b[w.at - 1] == '\n' ? -1 : b[w.at - 1];
            int first = b[w.at + w.open.length];
            int last = lastChar();
            if (!reads(w.open[0], before, first, last, next)) {
                // emphasis as underscores where stars would not be read ("**_class_ abc.ABC**"), else plain text:
                // Markdown either way, never raw HTML a reader of the text would see as tags
                boolean underscores = w.open[0] == '*' && reads('_', before, first, last, next);
                int n = w.open.length;
                if (underscores) {
                    for (int i = 0; i < n; i++) b[w.at + i] = '_';
                    buf.repeat('_', w.closeLength);
                } else {
                    buf.replace(w.at, w.at + n, "");
                }
                lastCodeEnd = -1;
                return;
            }
        }
        buf.append(w.close, 0, w.closeLength);
    }

    /**
     * Whether a delimiter run of {@code d} around content from {@code first} to {@code last}, between
     * {@code before} and {@code next}, is read as emphasis: it opens and cannot close, closes and cannot open, and
     * touches no other run of {@code d}.
     */
    private static boolean reads(char d, int before, int first, int last, int next) {
        boolean opens = before != d && first != d
                && MarkdownSyntax.canOpen(before, first) && !MarkdownSyntax.canClose(before, first);
        boolean closes = last != d && next != d
                && MarkdownSyntax.canClose(last, next) && !MarkdownSyntax.canOpen(last, next);
        return opens && closes;
    }

    /** Appends s[from, to), which has no whitespace but single spaces inside, to the code span being built. */
    private void codeText(char[] s, int from, int to) {
        if (firstPending < wrapperCount || pendingBreaks > 0) flushCode();
        if (code.isEmpty()) beforeContent();
        else if (codeSpace) code.append(' ');
        codeSpace = false;
        code.append(s, from, to);
    }

    private void flushCode() {
        if (code.isEmpty()) return;
        if (buf.length == lastCodeEnd) { // right after the last span: one span of both, whose fence fits both
            int content = lastCodeStart + (lastCodeEnd - lastCodeStart - lastCodeLength) / 2;
            code.prepend(buf.chars, content, content + lastCodeLength);
            buf.setLength(lastCodeStart);
        }
        lastCodeStart = buf.length;
        lastCodeLength = code.length;
        MarkdownSyntax.codeSpan(buf, code);
        lastCodeEnd = buf.length;
        code.setLength(0);
        if (codeSpace) pendingSpace = true;
        codeSpace = false;
    }

    /** Writes what waits for content: line breaks, a space, wrappers' opening markup. */
    private void beforeContent() {
        if (pendingBreaks > 0) {
            if (!buf.isEmpty()) {
                for (int i = 0; i < pendingBreaks; i++) buf.append('\\').append('\n');
                broken = true;
            }
            pendingBreaks = 0;
            pendingSpace = false;
        }
        if (pendingSpace) {
            if (!atLineStart()) buf.append(' ');
            pendingSpace = false;
        }
        while (firstPending < wrapperCount) {
            Wrapper w = wrappers[firstPending++];
            w.at = buf.length;
            buf.append(w.open);
        }
    }

    private boolean atLineStart() {
        int n = buf.length;
        return n == 0 || buf.chars[n - 1] == '\n';
    }

    /** The last character written, or -1 at a line's start. */
    private int lastChar() {
        int n = buf.length;
        if (n == 0) return -1;
        char c = buf.chars[n - 1];
        return c == '\n' ? -1 : c;
    }

    /**
     * Whether c, at s[i] (of text ending at to) with the paragraph as written so far before it, must be escaped to
     * stay text. Only where it could begin or end markup: {@code snake_case}, {@code 2 * 3} and {@code a < b} are
     * left alone.
     */
    private boolean needsEscape(char c, char[] s, int i, int to) {
        int prev = lastChar();
        int next = i + 1 < to ? s[i + 1] : -1;
        boolean nextSpace = next >= 0 && MarkdownSyntax.isHtmlSpace((char) next);
        boolean lineStart = prev < 0 && !flat;
        return switch (c) {
            case '\\' -> next < 0 || MarkdownSyntax.isAsciiPunctuation(next);
            case '`', '[', ']' -> true;
            case '*', '~' -> !(prev == ' ' && nextSpace);
            case '_' -> !(prev >= 0 && Character.isLetterOrDigit(prev) && next >= 0 && Character.isLetterOrDigit(next));
            case '<' -> next < 0 || next == '/' || next == '!' || next == '?'
                || next < 128 && Character.isLetter(next);
            case '&' -> MarkdownSyntax.entityAt(s, i + 1, to);
            case '#', '>' -> lineStart;
            case '+', '-', '=' -> lineStart && (next < 0 || nextSpace || next == c);
            default -> false;
        };
    }

    /**
     * At a line's start, the index of the '.' or ')' of an ordered list marker (one to nine digits, then '.' or
     * ')', then whitespace or the end) beginning at s[i] (of text ending at to), which must be escaped; else -1.
     */
    private static int orderedMarkerDelimiter(char[] s, int i, int to) {
        int j = i;
        while (j < to && j - i < 9 && s[j] >= '0' && s[j] <= '9') j++;
        if (j >= to || s[j] != '.' && s[j] != ')') return -1;
        return j + 1 == to || MarkdownSyntax.isHtmlSpace(s[j + 1]) ? j : -1;
    }
}
