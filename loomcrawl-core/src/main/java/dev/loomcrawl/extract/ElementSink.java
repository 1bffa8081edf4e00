package dev.loomcrawl.extract;

/** Receives every element the tree builder inserts, in document order (links, or the charset prescan's metas). */
interface ElementSink {
    /** Whether anchor text is needed (the charset prescan does not need it). */
    boolean wantsAnchorText();

    /** An element was inserted; {@code anchor} is its text when it is an {@code a} and text is wanted. */
    void element(String name, TagToken attrs, AnchorText anchor);
}
