package dev.loomcrawl.result;

/**
 * A text a conversion made (a page's Markdown or plain text), kept as it was written: as the UTF-8 bytes of a JSON
 * string's content ({@link JsonText}: escaped as jackson escapes it, without the quotes), which the content output
 * copies into its line whole, and made into a String only when one is asked for ({@link #toString}), by decoding
 * them. A crawl whose only use of the text is that output makes no String of it and scans it no second time.
 * Immutable: the array is this text's own, and {@link #json()} hands it out to be read, not changed.
 */
public final class PageText {
    private final byte[] json;
    private final int jsonLength;
    /** Made from the bytes when first asked for (a race makes it twice at worst, each the same). */
    private String string;

    private PageText(byte[] json, int jsonLength, String string) {
        this.json = json;
        this.jsonLength = jsonLength;
        this.string = string;
    }

    /**
     * The text whose characters {@link JsonText#write} wrote as the first {@code length} bytes of {@code bytes}; the
     * array becomes this text's. A lone surrogate written there becomes U+FFFD ({@link JsonText#wellFormed}), so that
     * what the outputs copy whole is Unicode.
     */
    public static PageText ofJson(byte[] bytes, int length) {
        return new PageText(bytes, JsonText.wellFormed(bytes, length), null);
    }

    /**
     * {@link #ofJson}, for bytes that hold no escape of a surrogate: {@link JsonText#wellFormed} would leave them as
     * they are, so they are not looked at.
     */
    public static PageText ofWellFormedJson(byte[] bytes, int length) {
        return new PageText(bytes, length, null);
    }

    /** A text that is a String already. */
    public static PageText of(String s) {
        return new PageText(null, 0, s);
    }

    /** Its length in UTF-16 characters, as {@link String#length()}: of the String, made if it was not. */
    public int length() {
        return toString().length();
    }

    /**
     * The text as the content of a JSON string, UTF-8: {@code [0, jsonLength())} of the array returned, when the text
     * is held so; else null (then {@link #toString()}). Read it; do not change it.
     */
    public byte[] json() {
        return json;
    }

    /** How many bytes of {@link #json()} are the text's; 0 when it is held as a String. */
    public int jsonLength() {
        return jsonLength;
    }

    @Override
    public String toString() {
        String s = string;
        if (s == null) {
            s = JsonText.decode(json, jsonLength);
            string = s;
        }
        return s;
    }
}
