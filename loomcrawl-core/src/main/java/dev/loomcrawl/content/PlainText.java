package dev.loomcrawl.content;

import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.NodeFilter;
import org.jsoup.select.NodeTraversor;

/**
 * HTML to plain text, for search indexes and language models that want the words without markup: each block on
 * its own, blocks separated by one blank line, whitespace inside a block collapsed as a browser does.
 *
 * <p>A block is what {@link BlockElements} says (paragraphs, headings, list items, table rows, {@code pre},
 * block quotes, {@code dt}/{@code dd}, a {@code div} with text of its own...). A {@code <pre>}'s text is kept as
 * it is (only its leading and trailing line breaks dropped); a {@code <br>} is a line break. A table row is one
 * block, its cells separated by a tab, each cell on one line (blocks inside it separated by spaces). Skipped
 * elements are left out as in {@link Markdown} (see {@link SkippedElements}); images are left out too. One pass
 * without recursion.
 */
public final class PlainText {
    private PlainText() {
    }

    /**
     * The subtree's text: blocks (p, headings, list items, table rows, pre, blockquote, dd/dt, div with text...)
     * separated by a blank line, whitespace inside a block collapsed, {@code <pre>} kept as is, {@code <br>} a
     * line break. Empty, or ending with exactly one newline.
     */
    public static String of(Element root) {
        Walk walk = new Walk(root);
        NodeTraversor.filter(walk, root);
        walk.endBlock();
        return walk.out.toString();
    }

    /** One conversion: the walk's state and what each node's start and end do. */
    private static final class Walk implements NodeFilter {
        private final Element root;
        private final StringBuilder out = new StringBuilder(4096);
        private final StringBuilder block = new StringBuilder(256);
        private boolean pendingSpace;
        private boolean pendingBreak;
        /** How many table cells enclose the current node: inside one, blocks are only spaces. */
        private int cells;

        Walk(Element root) {
            this.root = root;
        }

        @Override
        public FilterResult head(Node node, int depth) {
            if (node instanceof TextNode t) {
                text(t.getWholeText());
                return FilterResult.CONTINUE;
            }
            if (!(node instanceof Element el)) return FilterResult.SKIP_ENTIRELY;
            if (el != root && SkippedElements.skipped(el)) return FilterResult.SKIP_ENTIRELY;
            String name = el.normalName();
            if (name.equals("br")) {
                if (cells > 0) pendingSpace = true;
                else if (!block.isEmpty()) pendingBreak = true;
            } else if (name.equals("td") || name.equals("th")) {
                if (cells++ > 0) {
                    pendingSpace = true;
                } else if (!block.isEmpty()) {
                    block.append('\t');
                    pendingSpace = false;
                }
            } else if (name.equals("pre") && cells == 0) {
                endBlock();
                StringBuilder pre = PreText.of(el);
                if (!PreText.isBlank(pre)) write(strip(pre));
                return FilterResult.SKIP_ENTIRELY;
            } else if (BlockElements.isBlock(name)) {
                boundary();
            }
            return FilterResult.CONTINUE;
        }

        @Override
        public FilterResult tail(Node node, int depth) {
            if (node instanceof Element el) {
                String name = el.normalName();
                if (name.equals("td") || name.equals("th")) {
                    if (--cells > 0) pendingSpace = true;
                } else if (BlockElements.isBlock(name)) {
                    boundary();
                }
            }
            return FilterResult.CONTINUE;
        }

        private void boundary() {
            if (cells > 0) pendingSpace = true;
            else endBlock();
        }

        private void text(String s) {
            int n = s.length();
            int i = 0;
            while (i < n) {
                if (MarkdownSyntax.isHtmlSpace(s.charAt(i))) {
                    pendingSpace = true;
                    i++;
                    continue;
                }
                if (pendingBreak) {
                    block.append('\n');
                    pendingBreak = false;
                    pendingSpace = false;
                } else if (pendingSpace) {
                    char last = block.isEmpty() ? '\n' : block.charAt(block.length() - 1);
                    if (last != '\n' && last != '\t') block.append(' ');
                    pendingSpace = false;
                }
                int end = i + 1;
                while (end < n && (!MarkdownSyntax.isHtmlSpace(s.charAt(end))
                    || s.charAt(end) == ' ' && end + 1 < n && !MarkdownSyntax.isHtmlSpace(s.charAt(end + 1)))) {
                    end++;
                }
                block.append(s, i, end);
                i = end;
            }
        }

        void endBlock() {
            int n = block.length();
            while (n > 0 && block.charAt(n - 1) == '\t') n--;
            if (n > 0) write(block.subSequence(0, n));
            block.setLength(0);
            pendingSpace = false;
            pendingBreak = false;
        }

        private void write(CharSequence text) {
            if (!out.isEmpty()) out.append('\n');
            out.append(text).append('\n');
        }

        /** s without its leading and trailing line breaks. */
        private static CharSequence strip(CharSequence s) {
            int from = 0;
            int to = s.length();
            while (from < to && (s.charAt(from) == '\n' || s.charAt(from) == '\r')) from++;
            while (to > from && (s.charAt(to - 1) == '\n' || s.charAt(to - 1) == '\r')) to--;
            return s.subSequence(from, to);
        }
    }
}
