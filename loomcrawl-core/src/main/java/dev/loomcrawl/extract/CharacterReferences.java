package dev.loomcrawl.extract;

import dev.loomcrawl.internal.text.Utf16;
import org.jsoup.nodes.Entities;
import org.jsoup.parser.Parser;

/**
 * Decodes character references, as jsoup's {@link Parser#unescapeEntities(String, boolean)} does, which builds a
 * tokenizer for every call: the references that pages are full of ({@code &lt;}, {@code &gt;}, {@code &amp;},
 * {@code &quot;}, {@code &apos;}, {@code &nbsp;}, numeric references to ordinary characters, and the other names in
 * jsoup's table that stand for one character, each with its semicolon) are decoded here, and text holding any other
 * goes to jsoup whole. {@code PageTreeTest} and {@code StreamingLinkExtractorTest} compare the results with jsoup's
 * DOM on every page of the docs sets and on random tag soup; {@code CharacterReferencesTest} with jsoup's
 * {@code unescapeEntities} on random text.
 *
 * <p>One difference from jsoup: a numeric reference to a surrogate ({@code &#xD800;}) is U+FFFD, as HTML's tokenizer
 * says; jsoup gives the surrogate, which no text may hold alone (strict JSON and YAML readers refuse it). Text that
 * goes to jsoup has each lone surrogate made U+FFFD after ({@link Utf16}), as a reference without its semicolon or
 * with leading zeros there still names one.
 */
final class CharacterReferences {
    private CharacterReferences() {
    }

    /** The text of {@code c[start, end)} decoded ({@code inAttribute}: by the rules for attribute values). */
    static String decode(char[] c, int start, int end, boolean inAttribute) {
        char[] out = new char[end - start];
        int n = decodeInto(c, start, end, out, 0);
        if (n < 0) return Utf16.wellFormed(Parser.unescapeEntities(withoutSurrogates(c, start, end), inAttribute));
        return new String(out, 0, n);
    }

    /**
     * The text of {@code c[start, end)} for jsoup: each numeric reference to a surrogate (with or without its
     * semicolon, with any number of leading zeros) is U+FFFD already, as HTML says, where jsoup keeps the surrogate,
     * and two of them ({@code &#xD83D;&#xDE00;}) would make a pair.
     */
    private static String withoutSurrogates(char[] c, int start, int end) {
        StringBuilder out = null;
        int copied = start;
        for (int i = start; i + 2 < end; i++) {
            if (c[i] != '&' || c[i + 1] != '#') continue;
            boolean hex = c[i + 2] == 'x' || c[i + 2] == 'X';
            int k = hex ? i + 3 : i + 2;
            int code = 0;
            int digits = k;
            for (int d; k < end && (d = digit(c[k], hex)) >= 0; k++) {
                code = Math.min(code * (hex ? 16 : 10) + d, 0x110000); // beyond Unicode stays beyond
            }
            if (k == digits || code < 0xd800 || code > 0xdfff) continue;
            if (k < end && c[k] == ';') k++;
            if (out == null) out = new StringBuilder(end - start);
            out.append(c, copied, i - copied).append('\ufffd');
            copied = k;
            i = k - 1;
        }
        if (out == null) return new String(c, start, end - start);
        return out.append(c, copied, end - copied).toString();
    }

    /**
     * Decodes {@code c[start, end)} into {@code out} from {@code at} (room for {@code end - start} characters is
     * needed: decoding never lengthens text) and returns where it stopped, or -1 when the text holds a reference
     * decoded only by jsoup ({@code out} then holds rubbish).
     */
    static int decodeInto(char[] c, int start, int end, char[] out, int at) {
        int o = at;
        int i = start;
        while (i < end) {
            int amp = i;
            while (amp < end && c[amp] != '&') amp++;
            if (amp > i) { // the run before the reference, copied whole
                System.arraycopy(c, i, out, o, amp - i);
                o += amp - i;
                i = amp;
            }
            if (i == end) break;
            int semi = -1;
            for (int k = i + 1; k < end && k < i + 10; k++) {
                if (c[k] == ';') {
                    semi = k;
                    break;
                }
            }
            if (semi < 0) return -1;
            int code = reference(c, i + 1, semi);
            if (code < 0) return -1;
            if (code >= 0x10000) {
                out[o++] = Character.highSurrogate(code);
                out[o++] = Character.lowSurrogate(code);
            } else {
                out[o++] = (char) code;
            }
            i = semi + 1;
        }
        return o;
    }

    /** The character the reference between '&' and ';' names, or -1 when jsoup must say. */
    private static int reference(char[] c, int from, int to) {
        int len = to - from;
        if (len >= 2 && c[from] == '#') {
            boolean hex = c[from + 1] == 'x' || c[from + 1] == 'X';
            int k = hex ? from + 2 : from + 1;
            if (k == to || to - k > 6) return -1;
            int code = 0;
            for (; k < to; k++) {
                int d = digit(c[k], hex);
                if (d < 0) return -1;
                code = code * (hex ? 16 : 10) + d;
            }
            if (code >= 0xd800 && code <= 0xdfff) return 0xfffd; // HTML's rule, where jsoup keeps the surrogate
            // ordinary characters only: jsoup replaces or maps the others (NUL, C1 controls...)
            boolean ordinary = code == '\t' || code == '\n' || code >= 0x20 && code < 0x7f
                    || code >= 0xa0 && code < 0xd800 || code >= 0xe000 && code < 0xfdd0
                    || code > 0xfdef && code < 0xfffe || code >= 0x10000 && code <= 0x10ffff && (code & 0xfffe) != 0xfffe;
            return ordinary ? code : -1;
        }
        switch (len) {
            case 2 -> {
                if (c[from + 1] == 't') {
                    if (c[from] == 'l') return '<';
                    if (c[from] == 'g') return '>';
                }
            }
            case 3 -> {
                if (c[from] == 'a' && c[from + 1] == 'm' && c[from + 2] == 'p') return '&';
            }
            case 4 -> {
                if (c[from] == 'q' && c[from + 1] == 'u' && c[from + 2] == 'o' && c[from + 3] == 't') return '"';
                if (c[from] == 'n' && c[from + 1] == 'b' && c[from + 2] == 's' && c[from + 3] == 'p') return 0xa0;
                if (c[from] == 'a' && c[from + 1] == 'p' && c[from + 2] == 'o' && c[from + 3] == 's') return '\'';
            }
            default -> {
            }
        }
        return named(c, from, to);
    }

    /**
     * The value of a numeric reference's digit ({@code hex}: a hexadecimal one), or -1: ASCII digits only, as jsoup's
     * tokenizer reads them ({@link Character#digit} takes the digits of every script, and fullwidth letters).
     */
    static int digit(char ch, boolean hex) {
        if (ch >= '0' && ch <= '9') return ch - '0';
        if (!hex) return -1;
        if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
        return ch >= 'A' && ch <= 'F' ? ch - 'A' + 10 : -1;
    }

    /**
     * The character another named reference stands for ({@code &copy;}, in every javadoc page's footer), from jsoup's
     * table: a name of ASCII letters then digits that jsoup knows, standing for one character; else -1.
     */
    private static int named(char[] c, int from, int to) {
        int k = from;
        while (k < to && (c[k] >= 'a' && c[k] <= 'z' || c[k] >= 'A' && c[k] <= 'Z')) k++;
        if (k == from) return -1;
        while (k < to && c[k] >= '0' && c[k] <= '9') k++;
        if (k != to) return -1;
        String name = new String(c, from, to - from);
        if (!Entities.isNamedEntity(name)) return -1;
        int[] codepoints = new int[2];
        return Entities.codepointsForName(name, codepoints) == 1 ? codepoints[0] : -1;
    }
}
