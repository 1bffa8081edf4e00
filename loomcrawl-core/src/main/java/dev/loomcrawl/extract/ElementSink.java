package dev.loomcrawl.extract;

/** Receives every element the tree builder inserts, in document order (links, or the charset prescan's metas). */
interface ElementSink {
    /** Whether anchor text is needed (the charset prescan does not need it). */
    boolean wantsAnchorText();

    /**
     * An element was inserted; {@code ns} is its namespace ({@link HtmlTags#HTML}, {@code SVG}, {@code MATH});
     * {@code anchor} is its text when it is an {@code a} and text is wanted.
     */
    void element(String name, int ns, TagToken attrs, AnchorText anchor);

    /**
     * Text inserted into the HTML {@code <style>} element inserted last (raw text: no character references).
     * The tokenizer hands a style element's whole text over at once, and no element comes between.
     */
    default void styleText(String css) {}
}
