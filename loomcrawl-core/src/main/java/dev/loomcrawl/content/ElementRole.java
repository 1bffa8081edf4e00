package dev.loomcrawl.content;

/**
 * What an HTML element is to {@link Markdown} and {@link PlainText}, from its name, in one lookup per element: left out
 * with its content (scripts, styles, form controls...: see {@link SkippedElements}), one of the inline elements that
 * have markup, a block of some kind, or plain inline content.
 *
 * <p>The blocks are the elements that begin and end a block of text (a browser lays them out on lines of their own).
 * Everything else, unknown and custom elements too, is inline, as jsoup's {@code Element.text()} treats them, so that
 * both keep the words that the page runs together run together.
 */
final class ElementRole {
    /** No markup of its own: its content goes on with the text around it. */
    static final int INLINE = 0;
    static final int BR = 1;
    static final int IMG = 2;
    static final int A = 3;
    /** em, i, cite, dfn, var. */
    static final int EMPHASIS = 4;
    /** strong, b. */
    static final int STRONG = 5;
    /** del, s, strike. */
    static final int STRUCK = 6;
    /** sup, sub, kbd: kept as inline HTML. */
    static final int HTML = 7;
    /** code, tt, samp. */
    static final int CODE = 8;
    /** Left out with everything inside it, whatever its attributes. */
    static final int SKIPPED = 9;

    /** A block without a role of its own (p, dl, dd, article...); every role from here on is a block. */
    static final int BLOCK = 16;
    static final int PRE = 17;
    /** h1; h2 to h6 follow. */
    static final int H1 = 18;
    /** ul, menu, dir. */
    static final int LIST = 24;
    static final int ORDERED_LIST = 25;
    static final int ITEM = 26;
    static final int QUOTE = 27;
    static final int RULE = 28;
    static final int TABLE = 29;
    /** dt. */
    static final int TERM = 30;
    static final int FIGCAPTION = 31;
    /** div, aside, section: admonitions are written as one of them. */
    static final int DIVISION = 32;
    static final int ROW = 33;
    /** td, th. */
    static final int CELL = 34;
    static final int CAPTION = 35;

    private ElementRole() {
    }

    /** The role of the element named (lower case, as jsoup's {@code normalName}). */
    static int of(String name) {
        return switch (name) {
            case "br" -> BR;
            case "img" -> IMG;
            case "a" -> A;
            case "em", "i", "cite", "dfn", "var" -> EMPHASIS;
            case "strong", "b" -> STRONG;
            case "del", "s", "strike" -> STRUCK;
            case "sup", "sub", "kbd" -> HTML;
            case "code", "tt", "samp" -> CODE;
            case "script", "style", "noscript", "template", "svg", "iframe", "frame", "frameset",
                 "object", "embed", "canvas", "audio", "video", "head", "title", "meta", "link", "base",
                 "input", "select", "textarea", "button", "option", "optgroup", "datalist", "output", "progress",
                 "meter" -> SKIPPED;
            case "pre" -> PRE;
            case "h1" -> H1;
            case "h2" -> H1 + 1;
            case "h3" -> H1 + 2;
            case "h4" -> H1 + 3;
            case "h5" -> H1 + 4;
            case "h6" -> H1 + 5;
            case "ul", "menu", "dir" -> LIST;
            case "ol" -> ORDERED_LIST;
            case "li" -> ITEM;
            case "blockquote" -> QUOTE;
            case "hr" -> RULE;
            case "table" -> TABLE;
            case "dt" -> TERM;
            case "figcaption" -> FIGCAPTION;
            case "div", "aside", "section" -> DIVISION;
            case "tr" -> ROW;
            case "td", "th" -> CELL;
            case "caption" -> CAPTION;
            case "p", "dl", "dd", "thead", "tbody", "tfoot", "article", "header", "footer", "nav", "main", "address",
                 "figure", "details", "summary", "dialog", "fieldset", "legend", "form", "center", "hgroup", "body",
                 "html", "listing", "xmp", "plaintext", "search" -> BLOCK;
            default -> INLINE;
        };
    }

    /**
     * The roles of the element names met, by hash: a page has a few dozen names, each the same string every time (the
     * parser's), so this spares the name switch for nearly every element.
     */
    static final class Lookup {
        private final String[] names = new String[128];
        private final int[] roles = new int[128];

        /** The role of the element named. */
        int of(String name) {
            int slot = name.hashCode() & 127;
            if (names[slot] == name) return roles[slot];
            int role = ElementRole.of(name);
            names[slot] = name;
            roles[slot] = role;
            return role;
        }
    }

    static boolean isBlock(int role) {
        return role >= BLOCK;
    }

    /** A heading's level, 1 to 6; 0 for any other role. */
    static int headingLevel(int role) {
        return role >= H1 && role < H1 + 6 ? role - H1 + 1 : 0;
    }
}
