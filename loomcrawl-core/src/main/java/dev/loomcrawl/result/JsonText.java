package dev.loomcrawl.result;

import java.nio.charset.StandardCharsets;

/**
 * How a character is written inside a JSON string, byte for byte as jackson-core's {@code UTF8JsonGenerator} with
 * its defaults writes it (jackson stays the oracle in the tests): UTF-8, with '"', the backslash and the characters
 * below 0x20 escaped ({@code \n}, {@code \t}, {@code \r}, {@code \b}, {@code \f} by letter, the others as
 * {@code \}{@code u00XX}), and every surrogate escaped on its own ({@code \}{@code uD83D}, so that a pair is two
 * escapes and a lone one is written too). Each character is written independently of its neighbours, so text can be
 * encoded as it is written and {@link #decode} gives it back exactly. Shared by the content conversions, which write
 * a page's text in this form ({@link PageText}), and the JSON Lines writer.
 */
public final class JsonText {
    /** The most bytes one character takes: a six-character escape. */
    public static final int MAX_BYTES = 6;
    private static final byte[] HEX = "0123456789ABCDEF".getBytes(StandardCharsets.US_ASCII);
    /** Per ASCII character: 0 as it is, 1 as a six-character escape (backslash, 'u', 00XX), else its letter. */
    private static final byte[] ESCAPE = new byte[128];
    /**
     * Per UTF-16 character: whether it is written as one byte, itself (ASCII but '"', the backslash and the control
     * characters). A table of every character, so that the loops that write text make one look-up and no comparison.
     */
    private static final boolean[] ONE_BYTE = new boolean[Character.MAX_VALUE + 1];

    static {
        for (int c = 0; c < 0x20; c++) ESCAPE[c] = 1;
        ESCAPE['"'] = '"';
        ESCAPE['\\'] = '\\';
        ESCAPE['\b'] = 'b';
        ESCAPE['\t'] = 't';
        ESCAPE['\n'] = 'n';
        ESCAPE['\f'] = 'f';
        ESCAPE['\r'] = 'r';
        for (int c = 0; c < 128; c++) ONE_BYTE[c] = ESCAPE[c] == 0;
    }

    private JsonText() {}

    /** The table of {@link #isOneByte}, for loops that look it up themselves; do not change it. */
    public static boolean[] oneByteTable() {
        return ONE_BYTE;
    }

    /**
     * Per ASCII character, how it is written: 0 as itself, 1 as a six-character escape, else as a backslash and the
     * letter given (the newline, the tab, '"', the backslash...), for loops that write the frequent escapes
     * themselves; do not change it.
     */
    public static byte[] escapeLetters() {
        return ESCAPE;
    }

    /** Whether {@code c} is written as one byte, itself. */
    public static boolean isOneByte(char c) {
        return ONE_BYTE[c];
    }

    /** Writes {@code c} at {@code b[p]}, where there is room for {@link #MAX_BYTES}; returns the end. */
    public static int write(byte[] b, int p, char c) {
        if (c < 0x80) {
            byte e = ESCAPE[c];
            if (e == 0) {
                b[p++] = (byte) c;
            } else if (e == 1) {
                p = unicodeEscape(b, p, c);
            } else {
                b[p++] = '\\';
                b[p++] = e;
            }
        } else if (c < 0x800) {
            b[p++] = (byte) (0xc0 | c >> 6);
            b[p++] = (byte) (0x80 | c & 0x3f);
        } else if (Character.isSurrogate(c)) {
            p = unicodeEscape(b, p, c);
        } else {
            b[p++] = (byte) (0xe0 | c >> 12);
            b[p++] = (byte) (0x80 | c >> 6 & 0x3f);
            b[p++] = (byte) (0x80 | c & 0x3f);
        }
        return p;
    }

    private static int unicodeEscape(byte[] b, int p, char c) {
        b[p++] = '\\';
        b[p++] = 'u';
        b[p++] = HEX[c >> 12];
        b[p++] = HEX[c >> 8 & 0xf];
        b[p++] = HEX[c >> 4 & 0xf];
        b[p++] = HEX[c & 0xf];
        return p;
    }

    /**
     * Whether {@code b[0, end)}, characters written by {@link #write}, ends with the two-character escape of
     * {@code letter} ('n' for a newline, 't' for a tab): its backslash must not itself be the second half of an
     * escaped backslash, so the backslashes before the letter must be odd in number.
     */
    public static boolean endsWithEscape(byte[] b, int end, char letter) {
        if (end < 2 || b[end - 1] != letter || b[end - 2] != '\\') return false;
        int slashes = 1;
        while (end - 2 - slashes >= 0 && b[end - 2 - slashes] == '\\') slashes++;
        return (slashes & 1) == 1;
    }

    /**
     * Makes {@code b[0, length)}, characters {@link #write} wrote, well-formed ({@link dev.loomcrawl.internal.text.Utf16}): each escape of a lone
     * surrogate (one not in a high-then-low pair of escapes) becomes U+FFFD's three bytes, in place; returns the new
     * length, {@code length} itself when there is none. {@link #write} writes a character at a time, and a text made
     * of several writes can hold a lone one (a reference to a surrogate in a page that a parser kept).
     */
    public static int wellFormed(byte[] b, int length) {
        int o = 0; // where the next byte goes: i until a lone surrogate is met, then behind it
        int i = 0;
        while (i < length) {
            if (b[i] != '\\') {
                b[o++] = b[i++];
                continue;
            }
            int n = b[i + 1] == 'u' ? 6 : 2;
            int kind = n == 6 ? surrogate(b, i + 2) : 0;
            if (kind == 1 && i + 12 <= length && b[i + 6] == '\\' && b[i + 7] == 'u' && surrogate(b, i + 8) == 2) {
                n = 12; // a pair
            } else if (kind != 0) {
                b[o++] = (byte) 0xef;
                b[o++] = (byte) 0xbf;
                b[o++] = (byte) 0xbd;
                i += 6;
                continue;
            }
            if (o != i) System.arraycopy(b, i, b, o, n);
            o += n;
            i += n;
        }
        return o;
    }

    /** The four hex digits at {@code b[i]}: 1 for a high surrogate, 2 for a low one, else 0. */
    private static int surrogate(byte[] b, int i) {
        if (b[i] != 'D') return 0;
        byte d = b[i + 1];
        if (d == '8' || d == '9' || d == 'A' || d == 'B') return 1;
        return d == 'C' || d == 'D' || d == 'E' || d == 'F' ? 2 : 0;
    }

    /**
     * The characters {@link #write} wrote as {@code b[0, length)}. A text of Latin-1 characters only (most pages'
     * Markdown) is made as Latin-1 bytes, which the String keeps as they are; at its first wider character the rest is
     * made as UTF-16.
     */
    public static String decode(byte[] b, int length) {
        byte[] latin1 = new byte[length];
        int n = 0;
        int i = 0;
        while (i < length) {
            int x = b[i];
            if (x > 0 && x != '\\') { // ASCII, as it is
                latin1[n++] = (byte) x;
                i++;
            } else if (x == '\\' && b[i + 1] != 'u') {
                latin1[n++] = (byte) escaped(b[i + 1]);
                i += 2;
            } else if (x == '\\' && b[i + 2] == '0' && b[i + 3] == '0') { // a control character
                latin1[n++] = (byte) (hex(b[i + 4]) << 4 | hex(b[i + 5]));
                i += 6;
            } else if (x == (byte) 0xc2 || x == (byte) 0xc3) { // U+0080 to U+00FF
                latin1[n++] = (byte) ((x & 0x1f) << 6 | b[i + 1] & 0x3f);
                i += 2;
            } else {
                return decodeWide(b, i, length, latin1, n);
            }
        }
        return new String(latin1, 0, n, StandardCharsets.ISO_8859_1);
    }

    /** {@link #decode} from {@code b[i]} on, as UTF-16, after the first {@code n} characters, Latin-1, made so far. */
    private static String decodeWide(byte[] b, int i, int length, byte[] latin1, int n) {
        char[] out = new char[length];
        for (int k = 0; k < n; k++) out[k] = (char) (latin1[k] & 0xff);
        while (i < length) {
            int x = b[i] & 0xff;
            if (x == '\\') {
                byte e = b[i + 1];
                if (e == 'u') {
                    out[n++] = (char) (hex(b[i + 2]) << 12 | hex(b[i + 3]) << 8 | hex(b[i + 4]) << 4 | hex(b[i + 5]));
                    i += 6;
                    continue;
                }
                out[n++] = escaped(e);
                i += 2;
            } else if (x < 0x80) {
                out[n++] = (char) x;
                i++;
            } else if (x < 0xe0) {
                out[n++] = (char) ((x & 0x1f) << 6 | b[i + 1] & 0x3f);
                i += 2;
            } else {
                out[n++] = (char) ((x & 0x0f) << 12 | (b[i + 1] & 0x3f) << 6 | b[i + 2] & 0x3f);
                i += 3;
            }
        }
        return new String(out, 0, n);
    }

    /** The character a backslash and this letter stand for (not {@code u}). */
    private static char escaped(byte e) {
        return switch (e) {
            case 'n' -> '\n';
            case 't' -> '\t';
            case 'r' -> '\r';
            case 'b' -> '\b';
            case 'f' -> '\f';
            default -> (char) e; // '"' and the backslash
        };
    }

    private static int hex(byte h) {
        return h <= '9' ? h - '0' : h - 'A' + 10;
    }
}
