package dev.loomcrawl.output.lines;

import java.util.Arrays;
import java.util.List;

/**
 * Encodes items as JSON Lines (one object per line, UTF-8). Written by hand, byte for byte as jackson-core's
 * {@code UTF8JsonGenerator} with its defaults writes them, which stays the oracle ({@code JsonLinesTest}): the
 * content output's lines (230 MB for the JDK docs) spent 7% of a crawl's CPU in jackson's string escaping, and this
 * takes about a quarter less (docs/content.md, "Speed of a crawl with content"). Strings keep non-ASCII characters as
 * UTF-8, except surrogates, which are escaped (a pair as two six-character escapes, backslash, 'u' and four hex
 * digits) as jackson does; the characters below 0x20, '"' and the backslash are escaped.
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

    private byte[] buf;
    private int len;

    private JsonLines(int capacity) {
        buf = new byte[capacity];
    }

    /** One item as one complete line, newline included, keys in column order, every key present. */
    static <T> byte[] line(List<Column<T>> columns, T item) {
        JsonLines out = new JsonLines(256);
        out.ascii('{');
        boolean first = true;
        for (Column<T> c : columns) {
            if (!first) out.ascii(',');
            first = false;
            out.string(c.name());
            out.ascii(':');
            out.value(c.value().apply(item));
        }
        out.ascii('}');
        out.ascii('\n');
        return Arrays.copyOf(out.buf, out.len);
    }

    private void value(Object value) {
        switch (value) {
            case null -> ascii("null");
            case String s -> string(s);
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

    private void string(String s) {
        int n = s.length();
        room(n + 2);
        buf[len++] = '"';
        for (int from = 0; from < n; from += CHUNK) {
            int to = Math.min(n, from + CHUNK);
            room((to - from) * 6 + 1);
            byte[] b = buf;
            int p = len;
            for (int i = from; i < to; i++) {
                char ch = s.charAt(i);
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
            }
            len = p;
        }
        buf[len++] = '"';
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
