package dev.loomcrawl.content;

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
    /** Readability starts a candidate's score at +3 for these: pre, td, blockquote. */
    static final int STARTS_HIGH = 1 << 13;
    static final int FORM = 1 << 14;
    /** Table parts that mark a table holding data rather than laying out a page: caption, thead, tfoot, th. */
    static final int DATA_TABLE_PART = 1 << 15;
    static final int FIGURE = 1 << 16;
    /** main: the page says this is its main content. */
    static final int MAIN = 1 << 17;
    /** Readability starts a candidate's score at -3 for these: address, lists and their parts, forms. */
    static final int STARTS_LOW = 1 << 18;
    static final int BODY = 1 << 19;
    static final int EMBED = 1 << 20;
    /** h1 and h2: the headings Readability removes when their class weight is negative. */
    static final int TOP_HEADING = 1 << 21;
    /** Readability's DIV_TO_P_ELEMS: a div holding none of these (at any depth) is a paragraph. */
    static final int BLOCK = 1 << 22;
    static final int TR = 1 << 23;
    static final int TD = 1 << 24;
    /** Readability starts a candidate's score at -5 for these: headings and th. */
    static final int STARTS_LOWEST = 1 << 25;
    static final int UL = 1 << 26;
    /** blockquote: a quotation, or a post embedded from elsewhere (which its markup is). */
    static final int QUOTE = 1 << 28;

    /**
     * The known names, their hashes and their bits, by hash (open addressing): a look-up is one hash and an identity
     * check; a name met in another's slot is told from it by its hash, without comparing the strings.
     */
    private static final String[] NAMES = new String[512];
    private static final int[] HASHES = new int[512];
    private static final int[] KINDS = new int[512];

    static {
        put(PHRASING, "abbr", "b", "bdi", "bdo", "br", "cite", "data", "dfn", "em", "font", "i", "kbd", "label",
                "mark", "q", "s", "samp", "small", "strong", "sub", "sup", "time", "tt", "u", "var", "wbr", "del",
                "ins", "big", "strike", "nobr", "acronym", "output", "ruby", "rt", "rp", "picture", "source", "math");
        put(PHRASING | TEXTISH, "span");
        put(PHRASING | A, "a");
        put(PHRASING | CODE, "code");
        put(PHRASING | IMG | TEXTISH | BLOCK, "img");
        put(DROP, "script", "style", "noscript", "template", "nav", "aside", "footer", "button", "select", "input",
                "textarea", "option", "optgroup", "datalist", "link", "meta", "svg", "canvas", "dialog", "menu",
                "head", "title", "base", "map", "area", "audio", "video", "track", "param", "frameset", "frame",
                "noframes", "applet");
        put(DROP | EMBED, "iframe", "object", "embed");
        put(P | SCORED | TEXTISH | BLOCK, "p");
        put(CODE | SCORED | TEXTISH | BLOCK | STARTS_HIGH, "pre");
        put(TD | SCORED | TEXTISH | STARTS_HIGH, "td");
        put(DATA_TABLE_PART | STARTS_LOWEST, "th");
        put(TR, "tr");
        put(SCORED, "section");
        put(DIV | TEXTISH | BLOCK, "div");
        put(QUOTE | TEXTISH | BLOCK | STARTS_HIGH, "blockquote");
        put(STARTS_LOW, "address", "dd", "dt");
        put(TEXTISH | BLOCK | STARTS_LOW, "dl");
        put(LIST | UL | TEXTISH | BLOCK | STARTS_LOW, "ul");
        put(LIST | TEXTISH | BLOCK | STARTS_LOW, "ol");
        put(LI | TEXTISH | STARTS_LOW, "li");
        put(TABLE | TEXTISH | BLOCK, "table");
        put(HEADING | TOP_HEADING | STARTS_LOWEST, "h1");
        put(HEADING | TOP_HEADING | SCORED | STARTS_LOWEST, "h2");
        put(HEADING | SCORED | STARTS_LOWEST, "h3", "h4", "h5", "h6");
        put(FORM | STARTS_LOW, "form", "fieldset");
        put(DATA_TABLE_PART, "caption", "thead", "tfoot");
        put(FIGURE, "figure");
        put(MAIN, "main");
        put(BODY, "body");
    }

    private Tags() {}

    private static void put(int kind, String... names) {
        for (String name : names) {
            int slot = name.hashCode() & NAMES.length - 1;
            while (NAMES[slot] != null) {
                slot = slot + 1 & NAMES.length - 1;
            }
            NAMES[slot] = name;
            HASHES[slot] = name.hashCode();
            KINDS[slot] = kind;
        }
    }

    /**
     * The bits of the tag named {@code normalName} (lower case, as jsoup's {@code normalName()}); 0 for a block. The
     * names of a page's tree are mostly these very strings (the parsers' own), so the identity check finds them.
     */
    static int of(String normalName) {
        int hash = normalName.hashCode();
        for (int slot = hash & NAMES.length - 1; ; slot = slot + 1 & NAMES.length - 1) {
            String name = NAMES[slot];
            if (name == null) {
                return 0;
            }
            if (name == normalName || HASHES[slot] == hash && name.equals(normalName)) {
                return KINDS[slot];
            }
        }
    }
}
