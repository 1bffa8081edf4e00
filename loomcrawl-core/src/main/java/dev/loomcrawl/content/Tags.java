package dev.loomcrawl.content;

import java.util.HashMap;
import java.util.Map;

/**
 * What the main-content scorer needs to know about an HTML tag, as bits of one int looked up once per element:
 * whether it is phrasing content (text-level, part of the paragraph around it), never content (scripts, forms'
 * controls, navigation), a paragraph-like block, a heading, a list, and so on. Unknown tags (custom elements) are
 * blocks with no other bit.
 */
final class Tags {
    /** Text-level: its text is part of the enclosing block's paragraph (a, span, em, code...). */
    static final int PHRASING = 1;
    /** Never main content, whatever its attributes: script, style, nav, aside, footer, form controls, embeds. */
    static final int DROP = 1 << 1;
    static final int P = 1 << 2;
    static final int DIV = 1 << 3;
    static final int HEADING = 1 << 4;
    /** ul and ol. */
    static final int LIST = 1 << 5;
    static final int LI = 1 << 6;
    static final int TABLE = 1 << 7;
    static final int IMG = 1 << 8;
    static final int A = 1 << 9;
    /** pre and code: what is inside is kept as it is. */
    static final int CODE = 1 << 10;
    /** Tags whose text is "text" for Readability's text density (span, li, td and the blocks a div may hold). */
    static final int TEXTISH = 1 << 11;
    /** An element whose whole text is scored as a paragraph, as Readability does: p, pre, td, section, h2-h6. */
    static final int SCORED = 1 << 12;
    static final int FORM = 1 << 14;
    /** Table parts that mark a table holding data rather than laying out a page: caption, thead, tfoot, th. */
    static final int DATA_TABLE_PART = 1 << 15;
    static final int FIGURE = 1 << 16;
    /** main: the page says this is its main content. */
    static final int MAIN = 1 << 17;
    static final int BODY = 1 << 19;
    static final int EMBED = 1 << 20;
    static final int H1 = 1 << 21;
    /** Readability's DIV_TO_P_ELEMS: a div holding none of these (at any depth) is a paragraph. */
    static final int BLOCK = 1 << 22;
    static final int TR = 1 << 23;
    static final int TD = 1 << 24;

    private static final Map<String, Integer> KINDS = new HashMap<>(256);

    static {
        for (String t : new String[] {"abbr", "b", "bdi", "bdo", "br", "cite", "data", "dfn", "em", "font",
                "i", "kbd", "label", "mark", "q", "s", "samp", "small", "strong", "sub", "sup", "time", "tt", "u",
                "var", "wbr", "del", "ins", "big", "strike", "nobr", "acronym", "output", "ruby", "rt", "rp",
                "picture", "source", "math"}) {
            KINDS.put(t, PHRASING);
        }
        KINDS.put("span", PHRASING | TEXTISH);
        KINDS.put("a", PHRASING | A);
        KINDS.put("code", PHRASING | CODE);
        KINDS.put("img", PHRASING | IMG | TEXTISH | BLOCK);
        for (String t : new String[] {"script", "style", "noscript", "template", "nav", "aside", "footer",
                "button", "select", "input", "textarea", "option", "optgroup", "datalist", "link", "meta",
                "svg", "canvas", "dialog", "menu", "head", "title", "base", "map", "area", "audio", "video",
                "track", "param", "frameset", "frame", "noframes", "applet"}) {
            KINDS.put(t, DROP);
        }
        for (String t : new String[] {"iframe", "object", "embed"}) {
            KINDS.put(t, DROP | EMBED);
        }
        KINDS.put("p", P | SCORED | TEXTISH | BLOCK);
        KINDS.put("pre", CODE | SCORED | TEXTISH | BLOCK);
        KINDS.put("td", TD | SCORED | TEXTISH);
        KINDS.put("tr", TR);
        KINDS.put("section", SCORED);
        KINDS.put("div", DIV | TEXTISH | BLOCK);
        KINDS.put("blockquote", TEXTISH | BLOCK);
        KINDS.put("dl", TEXTISH | BLOCK);
        KINDS.put("ul", LIST | TEXTISH | BLOCK);
        KINDS.put("ol", LIST | TEXTISH | BLOCK);
        KINDS.put("li", LI | TEXTISH);
        KINDS.put("table", TABLE | TEXTISH | BLOCK);
        KINDS.put("h1", HEADING | H1);
        for (String t : new String[] {"h2", "h3", "h4", "h5", "h6"}) {
            KINDS.put(t, HEADING | SCORED);
        }
        KINDS.put("form", FORM);
        KINDS.put("fieldset", FORM);
        for (String t : new String[] {"caption", "thead", "tfoot", "th"}) {
            KINDS.put(t, DATA_TABLE_PART);
        }
        KINDS.put("figure", FIGURE);
        KINDS.put("main", MAIN);
        KINDS.put("body", BODY);
    }

    private Tags() {}

    /** The bits of the tag named {@code normalName} (lower case, as jsoup's {@code normalName()}); 0 for a block. */
    static int of(String normalName) {
        Integer kind = KINDS.get(normalName);
        return kind == null ? 0 : kind;
    }
}
