package dev.loomcrawl.output.pages;

/**
 * A page file's front matter is YAML, and its strings are YAML double-quoted scalars that any YAML 1.2 (and 1.1)
 * reader takes, whatever a page's title holds: YAML allows only printable characters in a stream
 * (tab, LF, CR, U+0020..U+007E, U+0085, U+00A0..U+D7FF, U+E000..U+FFFD and U+10000..U+10FFFF, spec 1.2.2
 * section 5.1), so every other character is written as an escape, which stands for the character itself. Besides
 * those: U+0085, U+2028 and U+2029 are escaped (YAML 1.1 takes them for line breaks, which a scalar folds), and so is
 * the byte order mark; a lone surrogate, no character at all, becomes U+FFFD.
 */
final class FrontMatter {
    private FrontMatter() {}

    /** {@code s} as a YAML double-quoted scalar. */
    static String quoted(String s) {
        StringBuilder out = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\t' -> out.append("\\t");
                case '\r' -> out.append("\\r");
                case '\u2028' -> out.append("\\L");
                case '\u2029' -> out.append("\\P");
                case '\uFEFF', '\uFFFE', '\uFFFF' -> out.append(String.format("\\u%04X", (int) c));
                default -> {
                    if (c < 0x20 || c >= 0x7f && c <= 0x9f) {
                        out.append(String.format("\\x%02X", (int) c));
                    } else if (Character.isHighSurrogate(c) && i + 1 < s.length()
                            && Character.isLowSurrogate(s.charAt(i + 1))) {
                        out.append(c).append(s.charAt(++i)); // a pair: a character of U+10000..U+10FFFF
                    } else if (Character.isSurrogate(c)) {
                        out.append('\uFFFD');
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }
}
