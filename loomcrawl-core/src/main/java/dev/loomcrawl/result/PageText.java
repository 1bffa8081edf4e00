package dev.loomcrawl.result;

import java.nio.charset.StandardCharsets;

/**
 * A text a conversion made (a page's Markdown or plain text), kept as it was written, as Latin-1 bytes while every
 * character fit in one (nearly all pages) or else as UTF-16 characters, and made into a String only when one is asked
 * for: the content output encodes the bytes (or characters) as JSON directly, and a crawl that writes only that output
 * makes no String of them. Immutable: the arrays are this text's own, and {@link #latin1()} hands the bytes out to be
 * read, not changed (and {@link #chars()} the characters).
 */
public final class PageText {
    private final byte[] latin;
    private final char[] wide;
    private final int length;
    /** Made from the arrays when first asked for (a race makes it twice at worst, each the same). */
    private String string;

    private PageText(byte[] latin, char[] wide, int length, String string) {
        this.latin = latin;
        this.wide = wide;
        this.length = length;
        this.string = string;
    }

    /** The first {@code length} bytes of {@code bytes}, each a Latin-1 character; the array becomes this text's. */
    public static PageText latin1(byte[] bytes, int length) {
        return new PageText(bytes, null, length, null);
    }

    /** The first {@code length} characters of {@code chars}; the array becomes this text's. */
    public static PageText utf16(char[] chars, int length) {
        return new PageText(null, chars, length, null);
    }

    /** A text that is a String already. */
    public static PageText of(String s) {
        return new PageText(null, null, s.length(), s);
    }

    /** Its length in UTF-16 characters, as {@link String#length()}. */
    public int length() {
        return length;
    }

    /**
     * The Latin-1 bytes, {@code [0, length())} of the array returned, when the text is held so; else null (then
     * {@link #toString()}). Read it; do not change it.
     */
    public byte[] latin1() {
        return latin;
    }

    /**
     * The UTF-16 characters, {@code [0, length())} of the array returned, when the text is held so; else null. Read
     * it; do not change it.
     */
    public char[] chars() {
        return wide;
    }

    @Override
    public String toString() {
        String s = string;
        if (s == null) {
            s = latin != null ? new String(latin, 0, length, StandardCharsets.ISO_8859_1)
                    : new String(wide, 0, length);
            string = s;
        }
        return s;
    }
}
