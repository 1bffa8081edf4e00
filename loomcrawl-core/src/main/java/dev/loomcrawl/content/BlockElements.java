package dev.loomcrawl.content;

/**
 * The HTML elements that begin and end a block of text (a browser lays them out on lines of their own), for
 * {@link Markdown} and {@link PlainText}. Everything else, unknown and custom elements too, is inline, as jsoup's
 * {@code Element.text()} treats them, so that both keep the words that the page runs together run together.
 */
final class BlockElements {
    private BlockElements() {
    }

    /** Whether the element named (jsoup's normal name, lower case) is a block. */
    static boolean isBlock(String name) {
        return switch (name) {
            case "p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "menu", "dir", "li", "dl", "dt", "dd",
                 "pre", "blockquote", "hr", "table", "caption", "thead", "tbody", "tfoot", "tr", "td", "th",
                 "section", "article", "aside", "header", "footer", "nav", "main", "address", "figure",
                 "figcaption", "details", "summary", "dialog", "fieldset", "legend", "form", "center", "hgroup",
                 "body", "html", "listing", "xmp", "plaintext", "search" -> true;
            default -> false;
        };
    }

    /** Whether the element named is a heading, h1 to h6: its level, else 0. */
    static int headingLevel(String name) {
        if (name.length() != 2 || name.charAt(0) != 'h') return 0;
        char d = name.charAt(1);
        return d >= '1' && d <= '6' ? d - '0' : 0;
    }
}
