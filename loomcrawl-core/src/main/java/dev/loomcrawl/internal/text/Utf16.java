package dev.loomcrawl.internal.text;

/**
 * Well-formed UTF-16: every surrogate in a pair. A lone one is no character: strict readers of JSON, YAML and UTF-8
 * refuse it (an encoder writes '?' in its place), so text an output writes has each lone surrogate replaced by
 * U+FFFD, as a decoder replaces malformed bytes. Pages make them with references such as {@code &#xD800;} when a
 * parser keeps what the reference names (jsoup does), and scripts can put them in a rendered page's text.
 */
public final class Utf16 {
    /** U+FFFD, what a lone surrogate becomes. */
    public static final char REPLACEMENT = '\uFFFD';

    private Utf16() {}

    /** {@code s} with each lone surrogate replaced by U+FFFD; {@code s} itself when it has none (nearly always). */
    public static String wellFormed(String s) {
        int i = firstLone(s);
        if (i < 0) return s;
        char[] c = s.toCharArray();
        for (; i < c.length; i++) {
            char ch = c[i];
            if (!Character.isSurrogate(ch)) continue;
            if (Character.isHighSurrogate(ch) && i + 1 < c.length && Character.isLowSurrogate(c[i + 1])) i++;
            else c[i] = REPLACEMENT;
        }
        return new String(c);
    }

    /** The index of the first lone surrogate of {@code s}, or -1. */
    public static int firstLone(CharSequence s) {
        int n = s.length();
        for (int i = 0; i < n; i++) {
            char ch = s.charAt(i);
            if (!Character.isSurrogate(ch)) continue;
            if (Character.isHighSurrogate(ch) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) i++;
            else return i;
        }
        return -1;
    }
}
