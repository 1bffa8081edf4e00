package dev.loomcrawl.output.lines;

import dev.loomcrawl.result.JsonText;
import dev.loomcrawl.result.PageText;
import dev.loomcrawl.internal.text.Utf16;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * Encodes items as JSON Lines (one object per line, UTF-8). Written by hand, byte for byte as jackson-core's
 * {@code UTF8JsonGenerator} with its defaults writes them, which stays the oracle ({@code JsonLinesTest}): the content
 * output's lines (230 MB for the JDK docs) spent 7% of a crawl's CPU in jackson's string escaping (decision 30). A
 * string is scanned as its Latin-1 bytes, which a String held as Latin-1 gives in one copy, and the runs that need no
 * escape are copied whole; a {@link PageText} (a page's Markdown or text) is held encoded already and is copied whole.
 * Characters are written as {@link JsonText} says: non-ASCII as UTF-8, except surrogates, which are escaped (a pair
 * as two six-character escapes) as jackson does; the characters below 0x20, '"' and the backslash escaped. A lone
 * surrogate is written as U+FFFD ({@link Utf16}), where jackson escapes it: strict readers refuse the string then.
 */
public final class JsonLines {
    /**
     * Per byte of a string's Latin-1 form: whether it is written as it is (ASCII that needs no escape, and not '?',
     * which in a String's bytes may stand for a character beyond Latin-1: such bytes go the slow way, and a real '?'
     * there is written as it is).
     */
    private static final boolean[] PLAIN = new boolean[256];

    static {
        for (char c = 0; c < 128; c++) PLAIN[c] = JsonText.isOneByte(c) && c != '?';
    }

    private byte[] buf;
    private int len;
    /** Whether long page texts are left out ({@link #linePieces}), each noted: where it goes, and the text. */
    private boolean pieces;
    private int cuts;
    private int[] cutAt = new int[2];
    private PageText[] shared = new PageText[2];

    private JsonLines(int capacity) {
        buf = new byte[capacity];
    }

    /** One item as one complete line, newline included, keys in column order, every key present. */
    public static <T> byte[] line(List<Column<T>> columns, T item) {
        Bytes line = lineBytes(columns, item);
        return line.length() == line.array().length ? line.array() : Arrays.copyOf(line.array(), line.length());
    }

    /**
     * A line's bytes: the first {@code length} of {@code array}, which may have room after them. What a line too long
     * to copy again (a page's content) is written from.
     */
    public record Bytes(byte[] array, int length) {}

    /**
     * A line in pieces, {@code arrays[k][offsets[k], offsets[k] + lengths[k])} one after the other, {@code length}
     * bytes in all: the line's own bytes, and the long page texts it holds where they lie ({@link PageText}'s encoded
     * bytes, from {@link #SHARED} on), not copied into it. What a content line is written from: its Markdown and text
     * (230 MB for the JDK docs) were copied into each line only to be copied again by the write.
     */
    public record Pieces(byte[][] arrays, int[] offsets, int[] lengths, int length) {
        /** The line in one array of its length (a copy). */
        public byte[] toArray() {
            byte[] line = new byte[length];
            int at = 0;
            for (int k = 0; k < arrays.length; k++) {
                System.arraycopy(arrays[k], offsets[k], line, at, lengths[k]);
                at += lengths[k];
            }
            return line;
        }
    }

    /** The encoded length from which a page's text is left where it lies in a line made in {@link Pieces}. */
    static final int SHARED = 1 << 12;

    /** {@link #line} in {@link Pieces}: its long page texts not copied. */
    public static <T> Pieces linePieces(List<Column<T>> columns, T item) {
        JsonLines out = write(columns, item, true);
        int count = out.cuts + 1;
        byte[][] arrays = new byte[2 * count - 1][];
        int[] offsets = new int[arrays.length];
        int[] lengths = new int[arrays.length];
        int from = 0;
        for (int k = 0; k < out.cuts; k++) { // the line's own bytes up to the cut, then the text it holds there
            arrays[2 * k] = out.buf;
            offsets[2 * k] = from;
            lengths[2 * k] = out.cutAt[k] - from;
            arrays[2 * k + 1] = out.shared[k].json();
            lengths[2 * k + 1] = out.shared[k].jsonLength();
            from = out.cutAt[k];
        }
        arrays[arrays.length - 1] = out.buf;
        offsets[arrays.length - 1] = from;
        lengths[arrays.length - 1] = out.len - from;
        int length = 0;
        for (int n : lengths) length += n;
        return new Pieces(arrays, offsets, lengths, length);
    }

    /** {@link #line}'s bytes in the array they were written into, not copied to their length. */
    public static <T> Bytes lineBytes(List<Column<T>> columns, T item) {
        JsonLines out = write(columns, item, false);
        return new Bytes(out.buf, out.len);
    }

    /** Writes the line; with {@code pieces}, leaves its long page texts out, noting where they go. */
    private static <T> JsonLines write(List<Column<T>> columns, T item, boolean pieces) {
        Object[] values = new Object[columns.size()];
        int size = 16;
        for (int k = 0; k < values.length; k++) {
            Column<T> c = columns.get(k);
            values[k] = c.value().apply(item);
            // sized for strings of ASCII with an escape in 8 characters, a page's text as it is, and JSON's framing and
            // numbers in the 16 per value, so that the line is rarely copied as it grows
            Object v = values[k];
            int chars = v instanceof PageText t && t.json() != null ? (pieces && isShared(t) ? 0 : t.jsonLength())
                    : v instanceof String || v instanceof PageText ? asciiSize(v.toString()) : 0;
            size += c.name().length() + 16 + chars;
        }
        JsonLines out = new JsonLines(size);
        out.pieces = pieces;
        out.ascii('{');
        for (int k = 0; k < values.length; k++) {
            if (k > 0) out.ascii(',');
            out.string(columns.get(k).name());
            out.ascii(':');
            out.value(values[k]);
        }
        out.ascii('}');
        out.ascii('\n');
        return out;
    }

    private static boolean isShared(PageText t) {
        return t.jsonLength() >= SHARED;
    }

    /**
     * {@code line} (in pieces), whose last value is null, with {@code value} as its last value instead, as
     * {@link #withLast(Bytes, String)}: copies only its last piece.
     */
    static Pieces withLast(Pieces line, String value) {
        int last = line.arrays().length - 1;
        int n = line.lengths()[last];
        int from = line.offsets()[last];
        Bytes end = withLast(new Bytes(Arrays.copyOfRange(line.arrays()[last], from, from + n), n), value);
        byte[][] arrays = line.arrays().clone();
        int[] offsets = line.offsets().clone();
        int[] lengths = line.lengths().clone();
        arrays[last] = end.array();
        offsets[last] = 0;
        lengths[last] = end.length();
        return new Pieces(arrays, offsets, lengths, line.length() - n + end.length());
    }

    private static final byte[] NULL_END = "null}\n".getBytes(StandardCharsets.US_ASCII);

    /**
     * {@code line}, whose last value is null, with {@code value} as its last value instead: for a value decided after
     * the line was made (on the journal's writer thread, where the line is written). Copies the line.
     */
    static Bytes withLast(Bytes line, String value) {
        int keep = line.length() - NULL_END.length;
        if (keep < 0 || !Arrays.equals(line.array(), keep, line.length(), NULL_END, 0, NULL_END.length)) {
            throw new IllegalArgumentException("the line's last value is not null");
        }
        JsonLines out = new JsonLines(keep + asciiSize(value) + 16);
        System.arraycopy(line.array(), 0, out.buf, 0, keep);
        out.len = keep;
        out.value(value);
        out.ascii('}');
        out.ascii('\n');
        return new Bytes(out.buf, out.len);
    }

    private static int asciiSize(String s) {
        return s.length() + (s.length() >> 3);
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

    /** A text as its conversion wrote it: its bytes, encoded already, copied whole. */
    private void text(PageText t) {
        byte[] json = t.json();
        if (json == null) {
            string(t.toString());
            return;
        }
        int n = t.jsonLength();
        if (pieces && isShared(t)) { // written where it lies, after the quote
            ascii('"');
            if (cuts == cutAt.length) {
                cutAt = Arrays.copyOf(cutAt, cuts * 2);
                shared = Arrays.copyOf(shared, cuts * 2);
            }
            cutAt[cuts] = len;
            shared[cuts++] = t;
            ascii('"');
            return;
        }
        room(n + 2);
        buf[len++] = '"';
        System.arraycopy(json, 0, buf, len, n);
        len += n;
        buf[len++] = '"';
    }

    private void string(String s) {
        // the string's Latin-1 bytes, copied whole when it is held as Latin-1 (as nearly all are), scanned for runs to
        // copy as they are; a character beyond Latin-1 is '?' there, told from a real one by the string itself
        byte[] latin = s.getBytes(StandardCharsets.ISO_8859_1);
        if (latin.length != s.length()) latin = oneBytePerChar(s); // the encoder made one '?' of a surrogate pair
        latin1(latin, s);
    }

    /**
     * Writes {@code s} as a JSON string, from {@code latin}'s bytes (one per character), each the character itself but
     * for a '?', which may stand for the character of {@code s} at that index (one beyond Latin-1).
     */
    private void latin1(byte[] latin, String s) {
        int n = s.length();
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
            char ch = s.charAt(i);
            i++;
            room((n - i) + 12);
            if (Character.isSurrogate(ch)) {
                if (Character.isHighSurrogate(ch) && i < n && Character.isLowSurrogate(s.charAt(i))) {
                    len = JsonText.write(buf, len, ch);
                    ch = s.charAt(i++);
                } else {
                    ch = Utf16.REPLACEMENT;
                }
            }
            len = JsonText.write(buf, len, ch);
        }
        room(1);
        buf[len++] = '"';
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
}
