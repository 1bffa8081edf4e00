package dev.loomcrawl.output.lines;

import dev.loomcrawl.result.PageText;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * Encodes items as JSON Lines (one object per line, UTF-8). Written by hand, byte for byte as jackson-core's
 * {@code UTF8JsonGenerator} with its defaults writes them, which stays the oracle ({@code JsonLinesTest}): the content
 * output's lines (230 MB for the JDK docs) spent 7% of a crawl's CPU in jackson's string escaping, and this takes
 * about a third less (decision 30). A string is scanned as its Latin-1 bytes, which a String held as Latin-1 gives in
 * one copy, and the runs that need no escape are copied whole; a {@link PageText} (a page's Markdown or text) is
 * scanned as its conversion wrote it, Latin-1 bytes or characters, no String made of it. Strings keep non-ASCII
 * characters as UTF-8, except surrogates, which are escaped (a pair as two six-character escapes, backslash, 'u' and
 * four hex digits) as jackson does; the characters below 0x20, '"' and the backslash are escaped.
 */
final class JsonLines {
    private static final byte[] HEX = "0123456789ABCDEF".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    /** Per ASCII character: 0 as it is, 1 as a six-character escape (backslash, 'u', 00XX), else the escape's letter. */
    private static final byte[] ESCAPE = new byte[128];
    /** Characters encoded per capacity check: each takes at most 6 bytes. */
    private static final int CHUNK = 2048;

    static {
        for (int c = 0; c < 0x20; c++) ESCAPE[c] = 1;
        ESCAPE['"'] = '"';
        ESCAPE['\\'] = '\\';
        ESCAPE['\b'] = 'b';
        ESCAPE['\t'] = 't';
        ESCAPE['\n'] = 'n';
        ESCAPE['\f'] = 'f';
        ESCAPE['\r'] = 'r';
    }

    /**
     * Per byte of a string's Latin-1 form: whether it is written as it is (ASCII that needs no escape, and not '?',
     * which in a String's bytes may stand for a character beyond Latin-1: such bytes go the slow way, and a real '?'
     * there is written as it is).
     */
    private static final boolean[] PLAIN = new boolean[256];

    static {
        for (int c = 0; c < 128; c++) PLAIN[c] = ESCAPE[c] == 0 && c != '?';
    }

    private byte[] buf;
    private int len;

    private JsonLines(int capacity) {
        buf = new byte[capacity];
    }

    /** One item as one complete line, newline included, keys in column order, every key present. */
    static <T> byte[] line(List<Column<T>> columns, T item) {
        Bytes line = lineBytes(columns, item);
        return line.length() == line.array().length ? line.array() : Arrays.copyOf(line.array(), line.length());
    }

    /**
     * A line's bytes: the first {@code length} of {@code array}, which may have room after them. What a line too long
     * to copy again (a page's content) is written from.
     */
    record Bytes(byte[] array, int length) {}

    /** {@link #line}'s bytes in the array they were written into, not copied to their length. */
    static <T> Bytes lineBytes(List<Column<T>> columns, T item) {
        Object[] values = new Object[columns.size()];
        int size = 16;
        for (int k = 0; k < values.length; k++) {
            Column<T> c = columns.get(k);
            values[k] = c.value().apply(item);
            // sized for strings of ASCII with an escape in 8 characters (a page's Markdown has a newline in about 40)
            // and JSON's framing and numbers in the 16 per value, so that the line is rarely copied as it grows
            int chars = values[k] instanceof String s ? s.length() : values[k] instanceof PageText t ? t.length() : 0;
            size += c.name().length() + 16 + chars + (chars >> 3);
        }
        JsonLines out = new JsonLines(size);
        out.ascii('{');
        for (int k = 0; k < values.length; k++) {
            if (k > 0) out.ascii(',');
            out.string(columns.get(k).name());
            out.ascii(':');
            out.value(values[k]);
        }
        out.ascii('}');
        out.ascii('\n');
        return new Bytes(out.buf, out.len);
    }

    private void value(Object value) {
        switch (value) {
            case null -> ascii("null");
            case String s -> string(s);
            case PageText t -> text(t);
            case Integer i -> ascii(Integer.toString(i));
            case Long l -> ascii(Long.toString(l));
            case Double d -> {
                if (d.isNaN() || d.isInfinite()) string(d.toString()); // jackson quotes what JSON has no number for
                else ascii(d.toString());
            }
            case Boolean b -> ascii(b ? "true" : "false");
            case List<?> list -> {
                ascii('[');
                boolean first = true;
                for (Object o : list) {
                    if (!first) ascii(',');
                    first = false;
                    value(o);
                }
                ascii(']');
            }
            default -> string(value.toString());
        }
    }

    private void ascii(char c) {
        room(1);
        buf[len++] = (byte) c;
    }

    private void ascii(String s) {
        room(s.length());
        for (int i = 0; i < s.length(); i++) buf[len++] = (byte) s.charAt(i);
    }

    private void room(int more) {
        if (len + more > buf.length) buf = Arrays.copyOf(buf, Math.max(buf.length * 2, len + more));
    }

    /** A text as its conversion wrote it: from its Latin-1 bytes or its characters, with no String made. */
    private void text(PageText t) {
        byte[] latin = t.latin1();
        char[] chars = t.chars();
        if (latin != null) {
            latin1(latin, t.length(), null);
        } else if (chars != null) {
            utf16(chars, t.length());
        } else {
            string(t.toString());
        }
    }

    private void string(String s) {
        // the string's Latin-1 bytes, copied whole when it is held as Latin-1 (as nearly all are), scanned for runs to
        // copy as they are; a character beyond Latin-1 is '?' there, told from a real one by the string itself
        byte[] latin = s.getBytes(StandardCharsets.ISO_8859_1);
        if (latin.length != s.length()) latin = oneBytePerChar(s); // the encoder made one '?' of a surrogate pair
        latin1(latin, s.length(), s);
    }

    /**
     * Writes {@code n} characters as a JSON string: {@code latin}'s bytes, each the character itself, but where
     * {@code s} is given, a '?' there stands for the character of {@code s} at that index (one beyond Latin-1).
     */
    private void latin1(byte[] latin, int n, String s) {
        room(n + 2);
        buf[len++] = '"';
        int i = 0;
        while (i < n) {
            int run = i;
            while (i < n && PLAIN[latin[i] & 0xff]) i++;
            if (i > run) {
                room(i - run + 6);
                System.arraycopy(latin, run, buf, len, i - run);
                len += i - run;
            }
            if (i == n) break;
            char ch = s != null ? s.charAt(i) : (char) (latin[i] & 0xff);
            i++;
            room((n - i) + 6);
            len = special(buf, len, ch);
        }
        room(1);
        buf[len++] = '"';
    }

    /**
     * Writes the first {@code n} characters of {@code c} as a JSON string, as {@link #latin1} writes them: a page's
     * text held as characters (one beyond Latin-1 in it), with no String made of it.
     */
    private void utf16(char[] c, int n) {
        room(n + 7);
        buf[len++] = '"';
        byte[] escape = ESCAPE;
        int i = 0;
        while (i < n) {
            byte[] b = buf; // with room for the rest, a byte each, and one character's six
            int p = len;
            char ch;
            while (i < n && (ch = c[i]) < 0x80 && escape[ch] == 0) {
                b[p++] = (byte) ch;
                i++;
            }
            len = p;
            if (i == n) break;
            ch = c[i++];
            len = special(b, p, ch);
            room((n - i) + 6);
        }
        room(1);
        buf[len++] = '"';
    }

    /**
     * Writes {@code ch}, a character the scans stop at (an escape, one beyond ASCII, or a '?'), at b[p], where there is
     * room for six bytes; returns the end.
     */
    private static int special(byte[] b, int p, char ch) {
        if (ch < 0x80) {
            byte e = ESCAPE[ch];
            if (e == 0) {
                b[p++] = (byte) ch;
            } else if (e == 1) {
                p = unicodeEscape(b, p, ch);
            } else {
                b[p++] = '\\';
                b[p++] = e;
            }
        } else if (ch < 0x800) {
            b[p++] = (byte) (0xc0 | ch >> 6);
            b[p++] = (byte) (0x80 | ch & 0x3f);
        } else if (Character.isSurrogate(ch)) {
            p = unicodeEscape(b, p, ch);
        } else {
            b[p++] = (byte) (0xe0 | ch >> 12);
            b[p++] = (byte) (0x80 | ch >> 6 & 0x3f);
            b[p++] = (byte) (0x80 | ch & 0x3f);
        }
        return p;
    }

    /** Each character of s as a byte: itself within Latin-1, else '?'. */
    private static byte[] oneBytePerChar(String s) {
        byte[] b = new byte[s.length()];
        for (int i = 0; i < b.length; i++) {
            char ch = s.charAt(i);
            b[i] = ch <= 0xff ? (byte) ch : (byte) '?';
        }
        return b;
    }

    private static int unicodeEscape(byte[] b, int p, char ch) {
        b[p++] = '\\';
        b[p++] = 'u';
        b[p++] = HEX[ch >> 12];
        b[p++] = HEX[ch >> 8 & 0xf];
        b[p++] = HEX[ch >> 4 & 0xf];
        b[p++] = HEX[ch & 0xf];
        return p;
    }
}
