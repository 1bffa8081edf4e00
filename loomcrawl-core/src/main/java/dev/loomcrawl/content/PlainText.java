package dev.loomcrawl.content;

import dev.loomcrawl.extract.PageTree;
import dev.loomcrawl.result.PageText;
import org.jsoup.nodes.Element;

/**
 * HTML to plain text, for search indexes and language models that want the words without markup: each block on
 * its own, blocks separated by one blank line, whitespace inside a block collapsed as a browser does.
 *
 * <p>A block is what {@link ElementRole} says (paragraphs, headings, list items, table rows, {@code pre},
 * block quotes, {@code dt}/{@code dd}, a {@code div} with text of its own...). A {@code <pre>}'s text is kept as
 * it is (only its leading and trailing line breaks dropped); a {@code <br>} is a line break. A table row is one
 * block, its cells separated by a tab, each cell on one line (blocks inside it separated by spaces). Skipped
 * elements and permalink anchors are left out as in {@link Markdown} (see {@link SkippedElements},
 * {@link Permalinks}); images are left out too. One pass
 * without recursion over a {@link PageTree}.
 */
public final class PlainText {
    private PlainText() {
    }

    /**
     * The text of the main content: the subtrees of {@code roots} (elements of {@code tree}, in document order) but
     * for the nodes {@code leftOut} marks (null: none). Blocks (p, headings, list items, table rows, pre, blockquote,
     * dd/dt, div with text...) separated by a blank line, whitespace inside a block collapsed, {@code <pre>} kept as
     * is, {@code <br>} a line break. Empty, or ending with exactly one newline.
     */
    public static String of(PageTree tree, int[] roots, boolean[] leftOut) {
        return of(tree, roots, leftOut, null);
    }

    /**
     * The same, also without the nodes {@code leftOutOfText} marks (null: none): what the Markdown of the same content
     * keeps and the text does not ({@link MainContent.Result#leftOutOfText}).
     */
    public static String of(PageTree tree, int[] roots, boolean[] leftOut, boolean[] leftOutOfText) {
        Walk walk = new Walk(tree, roots, leftOut, leftOutOfText);
        walk.walk();
        return walk.result();
    }

    /** The text of root's subtree, as {@link #of(PageTree, int[], boolean[])} gives it for root as the one root. */
    public static String of(Element root) {
        return of(PageTree.of(root), new int[] {1}, null);
    }

    /**
     * One conversion: the walk's state and what each node's start and end do. The block being written is the end of
     * {@code out}, from {@code blockStart}, so that a block is not copied when it ends.
     */
    static final class Walk extends ContentWalk {
        private final OutputText out;
        /** Where the block being written starts in out: after the blank line that separates it from the last. */
        private int blockStart;
        private boolean pendingSpace;
        private boolean pendingBreak;
        /** How many table cells enclose the current node: inside one, blocks are only spaces. */
        private int cells;
        private TextBuffer pre;

        Walk(PageTree tree, int[] roots, boolean[] leftOut, boolean[] leftOutOfText) {
            super(tree, roots, leftOut, leftOutOfText);
            out = new OutputText(textLength() + 1024); // whitespace collapsed, the text keeps about its size
        }

        @Override
        void text(int n) {
            char[] s = tree.text();
            int i = tree.textStart(n);
            int to = tree.textEnd(n);
            OutputText b = out;
            while (i < to) {
                char c = s[i];
                if (c <= ' ' && MarkdownSyntax.isHtmlSpace(c)) {
                    pendingSpace = true;
                    i++;
                    continue;
                }
                if (b.length() == blockStart) {
                    startBlock();
                    pendingBreak = false;
                    pendingSpace = false;
                } else if (pendingBreak) {
                    b.append('\n');
                    pendingBreak = false;
                    pendingSpace = false;
                } else if (pendingSpace) {
                    if (!b.endsWithNewlineOrTab()) b.append(' ');
                    pendingSpace = false;
                }
                i = b.appendCollapsedRun(s, i, to);
            }
        }

        @Override
        int head(int n, int role) {
            switch (role) {
                case ElementRole.BR -> {
                    if (cells > 0) pendingSpace = true;
                    else if (out.length() > blockStart) pendingBreak = true;
                }
                case ElementRole.CELL -> {
                    if (cells++ > 0) {
                        pendingSpace = true;
                    } else if (out.length() > blockStart) {
                        out.append('\t');
                        pendingSpace = false;
                    }
                }
                case ElementRole.PRE -> {
                    if (cells > 0) {
                        pendingSpace = true;
                        return ENTER_AND_END;
                    }
                    endBlock();
                    if (pre == null) pre = new TextBuffer(256);
                    pre.setLength(0);
                    PreText.append(pre, this, n);
                    if (!PreText.isBlank(pre)) write(pre);
                    return SKIP;
                }
                case ElementRole.A -> {
                    return isPermalink(n) ? SKIP : ENTER;
                }
                default -> {
                    if (!ElementRole.isBlock(role)) return ENTER; // inline: its end does nothing
                    boundary();
                }
            }
            return ENTER_AND_END;
        }

        @Override
        void tail(int n, int role) {
            if (role == ElementRole.CELL) {
                if (--cells > 0) pendingSpace = true;
            } else if (ElementRole.isBlock(role)) {
                boundary();
            }
        }

        private void boundary() {
            if (cells > 0) pendingSpace = true;
            else endBlock();
        }

        /**
         * Begins a block, when its first text comes (so that an empty one leaves nothing): after the blank line that
         * separates it from the one before.
         */
        private void startBlock() {
            if (!out.isEmpty()) out.append('\n');
            blockStart = out.length();
        }

        /** The text, once the walk is over. */
        String result() {
            return written().toString();
        }

        /** The text as written, once the walk is over. */
        PageText written() {
            endBlock();
            return out.written();
        }

        /** Ends the block being written, if it has begun: its trailing tabs cut, its newline. */
        void endBlock() {
            int n = out.trimmedEnd(blockStart, false);
            if (n > blockStart) {
                out.setLength(n);
                out.append('\n');
                blockStart = out.length();
            }
            pendingSpace = false;
            pendingBreak = false;
        }

        /** Writes a pre's text as a block of its own, without its leading and trailing line breaks. */
        private void write(TextBuffer text) {
            int from = 0;
            int to = text.length;
            while (from < to && (text.chars[from] == '\n' || text.chars[from] == '\r')) from++;
            while (to > from && (text.chars[to - 1] == '\n' || text.chars[to - 1] == '\r')) to--;
            if (!out.isEmpty()) out.append('\n');
            out.append(text.chars, from, to).append('\n');
            blockStart = out.length();
        }
    }
}
