package dev.loomcrawl.result;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Text a site controls (a URL's path decoded, a fragment as written, a Content-Type, an error's words) made safe to
 * print in a report: every character shown as it is but those a terminal or a reader of the report would act on or
 * not see. Those are the control characters (C0, DEL and C1: ESC starts a terminal's escape sequences, a line break
 * would forge a line, C1's CSI and NEL act on some terminals), format characters (bidirectional overrides, which
 * reorder what is shown, and zero-width ones), line and paragraph separators, surrogates that are not part of a pair
 * and noncharacters (U+FFFE, U+FFFF...: neither can be in an XML document). Each format's own quoting (JSON's, XML's,
 * CSV's) comes on top of this.
 */
public final class Printable {
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private Printable() {}

    /** Whether {@code codePoint} is printed as it is (a lone surrogate is not: {@link #isShown(String)} pairs them). */
    public static boolean isShown(int codePoint) {
        if (codePoint >= 0x20 && codePoint < 0x7f) return true;
        if (codePoint >= 0xfdd0 && codePoint <= 0xfdef || (codePoint & 0xfffe) == 0xfffe) return false; // nonchars
        return switch (Character.getType(codePoint)) {
            case Character.CONTROL, Character.FORMAT, Character.SURROGATE, Character.LINE_SEPARATOR,
                 Character.PARAGRAPH_SEPARATOR -> false;
            default -> true;
        };
    }

    /** Whether every character of {@code s} is printed as it is. */
    public static boolean isShown(String s) {
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            if (!isShown(cp)) return false;
            i += Character.charCount(cp);
        }
        return true;
    }

    /**
     * {@code s} for one line of a report: each character that is not shown as it is written as an escape,
     * {@code \x1B} up to U+00FF, {@code \u202E} in the rest of the first plane (a lone surrogate too), and
     * {@code \U000E0041} beyond.
     */
    public static String line(String s) {
        return escaped(s, false, false);
    }

    /**
     * {@code s} for a field of a data file (CSV): only the control characters a terminal acts on (C0 but line breaks
     * and tabs, which the field's quotes hold; DEL; C1) are escaped as {@link #line} escapes them, so that a file
     * shown with {@code cat} cannot rewrite the screen. Format characters (a zero-width joiner in an emoji, a
     * right-to-left mark, a soft hyphen), separators and noncharacters are data, kept as the site wrote them.
     */
    public static String lines(String s) {
        int i = 0;
        while (i < s.length() && !isTerminalControl(s.charAt(i))) i++;
        if (i == s.length()) return s;
        StringBuilder out = new StringBuilder(s.length() + 16).append(s, 0, i);
        for (; i < s.length(); i++) {
            char c = s.charAt(i);
            if (isTerminalControl(c)) out.append("\\x").append(HEX[c >> 4]).append(HEX[c & 0xf]);
            else out.append(c);
        }
        return out.toString();
    }

    /** C0 but a line break or a tab, DEL, C1. */
    private static boolean isTerminalControl(char c) {
        return c < 0x20 ? c != '\n' && c != '\t' : c >= 0x7f && c < 0xa0;
    }

    /**
     * A URL, or a part of one (a path decoded, a fragment as a page wrote it): each character that is not shown as it
     * is written as percent escapes of its UTF-8 bytes ({@code %0A}, {@code %1B}, {@code %E2%80%AE}), a lone
     * surrogate as U+FFFD's.
     */
    public static String url(String s) {
        return escaped(s, false, true);
    }

    /**
     * A URL's path with its percent escapes decoded where they are UTF-8 and the result is shown as it is
     * ({@code %20} a space, {@code %C3%A9} an é); an escape that is malformed ({@code %zz}, a {@code %} at the end),
     * that is not UTF-8 ({@code %E0%A4%A}, {@code %FF}) or whose character is not shown ({@code %0A}, {@code %1B})
     * stays as it was written. Never fails: a path a site wrote is shown whatever it holds.
     */
    public static String decodedPath(String path) {
        if (path.indexOf('%') < 0) return url(path);
        StringBuilder out = new StringBuilder(path.length());
        int i = 0;
        while (i < path.length()) {
            int run = i;
            while (i + 2 < path.length() && path.charAt(i) == '%' && hex(path.charAt(i + 1)) >= 0
                    && hex(path.charAt(i + 2)) >= 0) {
                i += 3;
            }
            if (i > run) {
                decodeRun(path, run, i, out);
            } else {
                out.append(path.charAt(i++));
            }
        }
        return url(out.toString());
    }

    /** The escapes {@code path[from, to)} (each {@code %XX}) decoded as UTF-8 where they can be, else kept. */
    private static void decodeRun(String path, int from, int to, StringBuilder out) {
        byte[] bytes = new byte[(to - from) / 3];
        for (int k = 0; k < bytes.length; k++) {
            int at = from + 3 * k;
            bytes[k] = (byte) (hex(path.charAt(at + 1)) << 4 | hex(path.charAt(at + 2)));
        }
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer chars = CharBuffer.allocate(bytes.length);
        while (in.hasRemaining()) {
            int before = in.position();
            CoderResult result = decoder.decode(in, chars, true);
            chars.flip();
            int decodedBytes = in.position() - before;
            // what decoded: each character shown as it is, or its bytes' escapes as written
            appendDecoded(chars, path, from + 3 * before, out);
            chars.clear();
            if (result.isError()) {
                int at = in.position();
                out.append(path, from + 3 * at, from + 3 * (at + result.length()));
                in.position(at + result.length());
            } else if (decodedBytes == 0) {
                break;
            }
        }
        decoder.reset();
    }

    /** Decoded characters, each shown as it is, or as the escapes it was written as (from {@code escapeAt} on). */
    private static void appendDecoded(CharBuffer chars, String path, int escapeAt, StringBuilder out) {
        String s = chars.toString();
        int at = escapeAt;
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            int n = utf8Length(cp);
            if (isShown(cp)) {
                out.appendCodePoint(cp);
            } else {
                out.append(path, at, at + 3 * n);
            }
            at += 3 * n;
            i += Character.charCount(cp);
        }
    }

    private static int utf8Length(int cp) {
        return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    }

    private static int hex(char c) {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        return c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
    }

    private static String escaped(String s, boolean keepLineBreaks, boolean percent) {
        if (isShown(s)) return s;
        StringBuilder out = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            i += Character.charCount(cp);
            if (isShown(cp) || keepLineBreaks && (cp == '\n' || cp == '\t')) {
                out.appendCodePoint(cp);
            } else if (percent) {
                byte[] utf8 = Character.isSurrogate((char) cp) ? "\uFFFD".getBytes(StandardCharsets.UTF_8)
                        : new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8);
                for (byte b : utf8) out.append('%').append(HEX[(b >> 4) & 0xf]).append(HEX[b & 0xf]);
            } else if (cp <= 0xff) {
                out.append("\\x").append(HEX[cp >> 4]).append(HEX[cp & 0xf]);
            } else if (cp <= 0xffff) {
                out.append("\\u").append(hex(cp, 4));
            } else {
                out.append("\\U").append(hex(cp, 8));
            }
        }
        return out.toString();
    }

    private static String hex(int value, int digits) {
        char[] c = new char[digits];
        for (int k = digits - 1; k >= 0; k--, value >>= 4) c[k] = HEX[value & 0xf];
        return new String(c);
    }
}
