package dev.loomcrawl.content;

/**
 * What the main content's pass over a page's elements ({@link Nodes}) saw of each element's class attribute that
 * {@link Markdown} would otherwise read again: whether it may name an admonition. Markdown scans the class attribute
 * of every block it writes for "admonition" (and of a {@code div}'s first child, for "admonition-title"); that pass
 * has already scanned them all for Readability's words, so one word more there spares Markdown the attribute look-up
 * and the scan for nearly every block. An element the pass did not read (inside code, in a subtree it dropped, or on
 * a tree whose main content was not found by it) is {@link #UNKNOWN}, and Markdown reads its class itself. The same
 * pass says which elements have no attribute that could hide them ({@link #SHOWN}), which the walks would read again,
 * and which may be javadoc's summary grids ({@link #GRID}).
 */
final class ClassHints {
    /** Not read: look. */
    static final byte UNKNOWN = 0;
    /**
     * No class attribute, or one whose characters (as the page writes them) hold neither "admonition" in any case nor
     * an '&amp;': what {@code MarkdownWalk.admonitionClasses} would find nothing in.
     */
    static final byte NONE = 1;
    /** A class attribute that may name an admonition or its title: look. */
    static final byte MAYBE = 2;
    /** The bits of the hint above ({@link #UNKNOWN}, {@link #NONE} or {@link #MAYBE}) in a node's byte. */
    static final byte CLASS = 3;
    /**
     * A bit beside the hint: the element was read and has none of the attributes that can hide it ({@code hidden},
     * {@code aria-hidden}, {@code style}), so {@link SkippedElements} need not look at its attributes again.
     */
    static final byte SHOWN = 4;
    /**
     * A bit beside the hint: the element's class attribute may name javadoc's summary grid ("summary-table" in it, in
     * any case, decoded). An element read ({@link #NONE} or {@link #MAYBE}) without it is no grid, and
     * {@code MarkdownWalk} need not look at its classes: a javadoc page has hundreds of divisions, few of them grids.
     */
    static final byte GRID = 8;

    private ClassHints() {
    }
}
