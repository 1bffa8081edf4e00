package dev.loomcrawl.extract;

/**
 * Receives every element the tree builder inserts, in document order, and the end of those it asks about
 * (links and facts, or the charset prescan's metas).
 */
interface ElementSink {
    /** The element just inserted, as a sink may ask of it while {@link #element} has it. */
    interface Inserted {
        /**
         * Its text ({@link ElementText}: jsoup's {@code Element.text()}), collected from now until the element is
         * closed, when it is final; every caller gets the same. Only asked for, because collecting costs.
         */
        ElementText collectText();

        /** Asks for {@link #elementEnd} when this element is closed. */
        void watchEnd();
    }

    /**
     * An element was inserted; {@code ns} is its namespace ({@link HtmlTags#HTML}, {@code SVG}, {@code MATH}).
     * Called for every element: it must be cheap.
     */
    void element(String name, int ns, TagToken attrs, Inserted el);

    /**
     * An element that some sink {@link Inserted#watchEnd watched} was closed (popped off the open elements):
     * nothing more is inserted into it.
     */
    default void elementEnd(String name, int ns) {}

    /**
     * Text inserted into the HTML {@code <style>} element inserted last (raw text: no character references).
     * The tokenizer hands a style element's whole text over at once, and no element comes between.
     */
    default void styleText(String css) {}

    /**
     * Data inserted into the HTML {@code <script>} element inserted last, not decoded (script data has no
     * character references): a range of the page, copied only if the sink asks for its {@link Chars#value()}.
     */
    default void scriptText(Chars data) {}

    /** Whether the tree builder should keep the data of the document's first node when it is a comment. */
    default boolean wantsFirstComment() {
        return false;
    }
}
