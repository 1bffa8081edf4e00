package dev.loomcrawl.content;

import dev.loomcrawl.extract.PageTree;
import org.jsoup.nodes.Element;

/**
 * HTML to Markdown: CommonMark, with GitHub's pipe tables and strikethrough, written so that a CommonMark reader
 * gives back the same text (nothing lost, nothing in the text turned into markup) and every {@code <pre>}'s text
 * exactly.
 *
 * <p>Headings (ATX), paragraphs, hard line breaks, emphasis and strong ({@code *}, {@code **}), strikethrough
 * ({@code ~~}), inline code (a fence longer than any backtick run inside), links and images with absolute URLs,
 * lists (nested, {@code start} kept), block quotes, thematic breaks, tables, fenced code blocks with the language
 * the page names (see {@link CodeLanguage}), definition lists (the term a bold paragraph, the definition a
 * paragraph), admonitions (a block quote, title in bold), figure captions (emphasis); {@code sup}, {@code sub}
 * and {@code kbd} as inline HTML. Scripts, styles, form controls and hidden elements are left out (see
 * {@link SkippedElements}), and so are permalink anchors ({@link Permalinks}). Layout tables are written as the blocks
 * they hold ({@link LayoutTable}), and javadoc's summary grids of divs as tables ({@link SummaryGrid}).
 *
 * <p>One pass over a {@link PageTree} without recursion, so any nesting depth is safe.
 */
public final class Markdown {
    private Markdown() {
    }

    /**
     * The main content as CommonMark with GitHub tables (GFM pipe tables): the subtrees of {@code roots} (elements of
     * {@code tree}, in document order, written as the children of one element would be) but for the nodes
     * {@code leftOut} marks (null: none). Empty, or lines ending with a newline, at most one blank line between
     * blocks, no trailing spaces outside code blocks. Links and images are made absolute against {@code baseUri} as
     * jsoup's {@code absUrl} would (the page's {@code <base href>} already applied); a URL that cannot be is kept as
     * written, and a {@code javascript:} link is written as its text.
     */
    public static String of(PageTree tree, int[] roots, boolean[] leftOut, String baseUri) {
        return new MarkdownWalk(tree, roots, leftOut, baseUri, null).run();
    }

    /** The subtree of root, as {@link #of(PageTree, int[], boolean[], String)} gives it, against root's base URI. */
    public static String of(Element root) {
        return of(PageTree.of(root), new int[] {1}, null, root.baseUri());
    }
}
