package dev.loomcrawl.extract;

import java.util.HashMap;
import java.util.Map;

/**
 * What the streaming extractor needs to know about an element name: the tree builder's scope and
 * implied-end-tag classes, and the display classes that jsoup's {@code Element.text()} uses to put spaces
 * between words. The lists are jsoup 1.24's ({@code HtmlTagOptions}, {@code TagSet.initHtmlDefault}), so that
 * the streaming tree rules and anchor text agree with {@link JsoupLinkExtractor}.
 */
final class HtmlTags {
    static final int SCOPE = 1, LIST_SCOPE = 2, BUTTON_SCOPE = 4, TABLE_SCOPE = 8, IMPLIED_END = 16,
            THOROUGH_END = 32, SPECIAL = 64, BLOCK = 1 << 8, BOUNDARY = 1 << 9, PRESERVE = 1 << 10,
            DATA = 1 << 11, RCDATA = 1 << 12, VOID = 1 << 13, FORMATTING = 1 << 14, TABLE_FOSTER = 1 << 15,
            HEADING = 1 << 16,
            /** A name of the table below: its string is the interned one, so a literal is the same object. */
            KNOWN = 1 << 17,
            /** "In body" start tags that close a {@code <p>} first, and end tags that close up to their element. */
            P_CLOSER = 1 << 18, END_CLOSER = 1 << 19,
            /**
             * "In body" start tags processed by the "in head" rules (the same that "after head" sends back into the
             * head), and those ignored there.
             */
            TO_HEAD = 1 << 20, DROPPED = 1 << 21,
            /** {@code applet}, {@code marquee}, {@code object}: a marker in the active formatting elements. */
            APPLET = 1 << 22;

    static final int HTML = 0, SVG = 1, MATH = 2;

    private static final Map<String, Integer> HTML_FLAGS = new HashMap<>(512);
    private static final Map<String, Integer> SVG_FLAGS = new HashMap<>();
    private static final Map<String, Integer> MATH_FLAGS = new HashMap<>();

    static {
        set(HTML_FLAGS, SCOPE, "applet caption html marquee object select table td template th");
        set(HTML_FLAGS, LIST_SCOPE, "ol ul");
        set(HTML_FLAGS, BUTTON_SCOPE, "button");
        set(HTML_FLAGS, TABLE_SCOPE, "html table template");
        set(HTML_FLAGS, IMPLIED_END, "dd dt li optgroup option p rb rp rt rtc");
        set(HTML_FLAGS, THOROUGH_END, "caption colgroup dd dt li optgroup option p rb rp rt rtc tbody td tfoot th thead tr");
        set(HTML_FLAGS, SPECIAL, "address applet area article aside base basefont bgsound blockquote body br button caption"
                + " center col colgroup dd details dir div dl dt embed fieldset figcaption figure footer form frame"
                + " frameset h1 h2 h3 h4 h5 h6 head header hgroup hr html iframe img input keygen li link listing main"
                + " marquee menu meta nav noembed noframes noscript object ol p param plaintext pre script search section"
                + " select source style summary table tbody td template textarea tfoot th thead title tr track ul wbr xmp");
        set(HTML_FLAGS, BLOCK, "html head body frameset script noscript style meta link title frame noframes section nav"
                + " aside hgroup header footer p h1 h2 h3 h4 h5 h6 dialog search ul ol pre div blockquote hr address figure"
                + " figcaption form fieldset dl dt dd li table caption thead tfoot tbody colgroup col tr th td details menu"
                + " plaintext template article main center dir applet marquee listing #root");
        set(HTML_FLAGS, BOUNDARY, "button input select textarea option output progress meter img picture audio video"
                + " canvas object embed iframe");
        set(HTML_FLAGS, PRESERVE, "pre listing plaintext title textarea script");
        set(HTML_FLAGS, DATA, "iframe noembed noframes script style xmp");
        set(HTML_FLAGS, RCDATA, "title textarea");
        set(HTML_FLAGS, VOID, "meta link base frame img br wbr embed hr input keygen col area basefont bgsound param"
                + " source track");
        set(HTML_FLAGS, FORMATTING, "a b big code em font i nobr s small strike strong tt u");
        set(HTML_FLAGS, TABLE_FOSTER, "table tbody tfoot thead tr");
        set(HTML_FLAGS, HEADING, "h1 h2 h3 h4 h5 h6");
        set(HTML_FLAGS, P_CLOSER, "address article aside blockquote center details dialog dir div dl fieldset"
                + " figcaption figure footer header hgroup main menu nav ol p search section summary ul");
        set(HTML_FLAGS, END_CLOSER, "address article aside blockquote button center details dialog dir div dl"
                + " fieldset figcaption figure footer header hgroup listing main menu nav ol pre search section select"
                + " summary ul");
        set(HTML_FLAGS, TO_HEAD, "base basefont bgsound link meta noframes script style template title");
        set(HTML_FLAGS, DROPPED, "caption col colgroup frame head tbody td tfoot th thead tr");
        set(HTML_FLAGS, APPLET, "applet marquee object");
        set(SVG_FLAGS, BLOCK, "svg femerge femergenode");
        set(SVG_FLAGS, SCOPE | SPECIAL, "desc foreignobject title");
        set(SVG_FLAGS, DATA, "script");
        set(MATH_FLAGS, BLOCK, "math");
        set(MATH_FLAGS, SCOPE | SPECIAL, "annotation-xml mi mn mo ms mtext");
    }

    private HtmlTags() {}

    private static void set(Map<String, Integer> map, int flag, String names) {
        for (String name : names.split(" ")) map.merge(name, flag, (a, b) -> a | b);
    }

    /** The flags of an element name (lower case) in a namespace; 0 for names jsoup does not know. */
    static int flags(String name, int namespace) {
        if (namespace == HTML) {
            int hash = name.hashCode();
            for (int slot = hash & MASK; TABLE_NAMES[slot] != null; slot = (slot + 1) & MASK) {
                String known = TABLE_NAMES[slot];
                if (known == name) return TABLE_FLAGS[slot];
                // the same name in another string: not KNOWN, which promises the interned one
                if (TABLE_HASHES[slot] == hash && known.equals(name)) return TABLE_FLAGS[slot] & ~KNOWN;
            }
            return 0;
        }
        Integer flags = (namespace == SVG ? SVG_FLAGS : MATH_FLAGS).get(name);
        return flags == null ? 0 : flags;
    }

    /** The lower-cased name in {@code buf[start, end)}, reusing the known names' strings. */
    static String name(char[] buf, int start, int end) {
        int len = end - start;
        int hash = 0;
        boolean lower = true;
        for (int i = start; i < end; i++) {
            char ch = buf[i];
            if (ch >= 'A' && ch <= 'Z') {
                ch += 32;
                lower = false;
            }
            hash = 31 * hash + ch;
        }
        for (int slot = hash & MASK; TABLE_NAMES[slot] != null; slot = (slot + 1) & MASK) {
            if (TABLE_HASHES[slot] == hash && matches(TABLE_CHARS[slot], buf, start, len)) return TABLE_NAMES[slot];
        }
        String s = new String(buf, start, len);
        return lower ? s : lowerAscii(s);
    }

    private static boolean matches(char[] known, char[] buf, int start, int len) {
        if (known.length != len) return false;
        for (int i = 0; i < len; i++) {
            char ch = buf[start + i];
            if (ch >= 'A' && ch <= 'Z') ch += 32;
            if (ch != known[i]) return false;
        }
        return true;
    }

    static String lowerAscii(String s) {
        char[] chars = s.toCharArray();
        for (int i = 0; i < chars.length; i++) {
            if (chars[i] >= 'A' && chars[i] <= 'Z') chars[i] += 32;
        }
        return new String(chars);
    }

    // An open-addressing table of the names worth recognising, with their HTML flags
    private static final int MASK = 1023;
    private static final String[] TABLE_NAMES = new String[MASK + 1];
    /** The names' characters, compared with the page's without going through {@code String.charAt}. */
    private static final char[][] TABLE_CHARS = new char[MASK + 1][];
    private static final int[] TABLE_HASHES = new int[MASK + 1];
    private static final int[] TABLE_FLAGS = new int[MASK + 1];

    static {
        java.util.Set<String> all = new java.util.HashSet<>(HTML_FLAGS.keySet());
        all.addAll(SVG_FLAGS.keySet());
        all.addAll(MATH_FLAGS.keySet());
        all.addAll(java.util.List.of("span", "abbr", "cite", "var", "samp", "kbd", "sub", "sup", "dfn", "mark", "q",
                "time", "label", "path", "g", "image", "video", "audio", "picture", "source", "ins", "del", "data",
                "bdi", "bdo", "ruby", "svg", "math", "use", "rect", "circle", "line", "polygon", "text", "tspan",
                "defs", "symbol"));
        for (String name : all) {
            int slot = name.hashCode() & MASK;
            while (TABLE_NAMES[slot] != null) slot = (slot + 1) & MASK;
            TABLE_NAMES[slot] = name.intern(); // the literals the rules compare with: equals() finds them at once
            TABLE_CHARS[slot] = name.toCharArray();
            TABLE_HASHES[slot] = name.hashCode();
            TABLE_FLAGS[slot] = HTML_FLAGS.getOrDefault(name, 0) | KNOWN;
        }
    }
}
