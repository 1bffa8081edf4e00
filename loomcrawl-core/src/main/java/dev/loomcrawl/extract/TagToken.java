package dev.loomcrawl.extract;

import org.jsoup.parser.Parser;

import java.util.Arrays;

/**
 * A start or end tag as the tokenizer found it: its lower-cased name, the self-closing flag, and its
 * attributes as ranges of the page's characters. Mutable and reused by the tokenizer for every tag (it is a
 * scanning buffer, not a value); {@link #copy()} keeps one for later, as formatting elements need.
 *
 * <p>Lookups are ASCII case-insensitive and the first of duplicate attributes wins, as in jsoup. A value is
 * decoded when asked for, with jsoup's own {@link Parser#unescapeEntities(String, boolean)} and only when it
 * holds a '&amp;', so character references mean exactly what they mean to jsoup.
 */
final class TagToken {
    private static final int NO_VALUE = -1;
    /** The ranges of a tag without attributes (never written: a tag of no attributes adds none). */
    private static final int[] NO_RANGES = new int[0];
    /**
     * Attributes kept per tag; the rest are ignored (their values too). No page needs more, and a tag of a
     * million attributes would otherwise cost memory, and a quadratic search for duplicates in jsoup.
     */
    static final int MAX_ATTRIBUTES = 1000;

    final char[] buf;
    String name;
    boolean endTag;
    boolean selfClosing;
    private int count;
    /** Attributes of this tag past {@link #MAX_ATTRIBUTES}, ignored. */
    int ignored;
    private int[] ranges; // nameStart, nameEnd, valueStart (or NO_VALUE), valueEnd
    /** {@link HtmlTags#flags} of {@link #name} in HTML, once asked for, and the name they are of. */
    private int flags;
    private String flagsOf;

    /** The tokenizer's own, reused for every tag. */
    TagToken(char[] buf) {
        this(buf, new int[4 * 8]);
    }

    private TagToken(char[] buf, int[] ranges) {
        this.buf = buf;
        this.ranges = ranges;
    }

    /** A start tag with this name and no attributes, as the tree builder makes for implied elements. */
    static TagToken implied(char[] buf, String name) {
        TagToken tag = new TagToken(buf, NO_RANGES);
        tag.name = name;
        return tag;
    }

    void reset(boolean end) {
        endTag = end;
        selfClosing = false;
        count = 0;
        ignored = 0;
    }

    void addAttribute(int nameStart, int nameEnd) {
        if (count == MAX_ATTRIBUTES) {
            ignored++;
            return;
        }
        if (count * 4 == ranges.length) ranges = Arrays.copyOf(ranges, Math.max(4 * 8, ranges.length * 2));
        int i = count * 4;
        ranges[i] = nameStart;
        ranges[i + 1] = nameEnd;
        ranges[i + 2] = NO_VALUE;
        ranges[i + 3] = NO_VALUE;
        count++;
    }

    /** The value of the attribute just added (none when it was one too many). */
    void setValue(int start, int end) {
        if (ignored > 0) return;
        int i = (count - 1) * 4;
        ranges[i + 2] = start;
        ranges[i + 3] = end;
    }

    /** The {@link HtmlTags#flags} of its name in the HTML namespace (looked up once per name it has). */
    int htmlFlags() {
        if (flagsOf != name) {
            flags = HtmlTags.flags(name, HtmlTags.HTML);
            flagsOf = name;
        }
        return flags;
    }

    boolean hasAttributes() {
        return count > 0;
    }

    boolean has(String lowerName) {
        return indexOf(lowerName) >= 0;
    }

    /** The decoded value of the attribute, "" when it has none, null when the tag does not have it. */
    String get(String lowerName) {
        int i = indexOf(lowerName);
        return i < 0 ? null : value(i);
    }

    /**
     * The decoded {@code style} attribute if it may hold a CSS link ({@link CssLinks#mayHoldLinks}, asked of
     * the raw characters unless they hold a '&amp;'), else null: most style attributes are never copied.
     */
    String styleIfLinks() {
        int i = indexOf("style");
        if (i < 0) return null;
        int start = ranges[i * 4 + 2];
        if (start == NO_VALUE) return null;
        int end = ranges[i * 4 + 3];
        for (int p = start; p < end; p++) {
            if (buf[p] == '&') {
                String value = value(i);
                return CssLinks.mayHoldLinks(value) ? value : null;
            }
        }
        return CssLinks.mayHoldLinks(buf, start, end) ? new String(buf, start, end - start) : null;
    }

    /** The value of {@code attr(name)} in jsoup: "" when absent. */
    String attr(String lowerName) {
        String value = get(lowerName);
        return value == null ? "" : value;
    }

    private int indexOf(String lowerName) {
        int len = lowerName.length();
        for (int a = 0; a < count; a++) {
            int start = ranges[a * 4];
            if (ranges[a * 4 + 1] - start != len) continue;
            if (nameIs(start, lowerName)) return a; // the first of duplicates wins
        }
        return -1;
    }

    private boolean nameIs(int start, String lowerName) {
        for (int i = 0; i < lowerName.length(); i++) {
            char ch = buf[start + i];
            if (ch >= 'A' && ch <= 'Z') ch += 32;
            if (ch != lowerName.charAt(i)) return false;
        }
        return true;
    }

    private String value(int a) {
        int start = ranges[a * 4 + 2];
        if (start == NO_VALUE) return "";
        int end = ranges[a * 4 + 3];
        for (int i = start; i < end; i++) {
            if (buf[i] == '&') return CharacterReferences.decode(buf, start, end, true);
        }
        return new String(buf, start, end - start);
    }

    /** The attributes as jsoup keeps them (names lower-cased, duplicates dropped), for comparing two tags. */
    String[] normalised() {
        String[] out = new String[count * 2];
        int n = 0;
        outer:
        for (int a = 0; a < count; a++) {
            String key = HtmlTags.lowerAscii(new String(buf, ranges[a * 4], ranges[a * 4 + 1] - ranges[a * 4]));
            for (int k = 0; k < n; k += 2) {
                if (out[k].equals(key)) continue outer;
            }
            out[n++] = key;
            out[n++] = value(a);
        }
        return Arrays.copyOf(out, n);
    }

    /** How many attributes are kept (duplicates included). */
    int count() {
        return count;
    }

    /**
     * The kept attributes' ranges, four ints each in the order written: name start, name end, value start (-1: no
     * value), value end. The tokenizer's own buffer: read it before the next tag.
     */
    int[] ranges() {
        return ranges;
    }

    TagToken copy() {
        TagToken copy = new TagToken(buf, count == 0 ? NO_RANGES : Arrays.copyOf(ranges, count * 4));
        copy.name = name;
        copy.endTag = endTag;
        copy.selfClosing = selfClosing;
        copy.count = count;
        return copy;
    }
}
