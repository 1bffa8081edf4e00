package dev.loomcrawl.extract;

/**
 * Whether a doctype puts the page in quirks mode as jsoup decides it (forced quirks for a malformed doctype,
 * a name other than "html", or the public id "HTML"). Only the common, well-formed shapes are recognised;
 * others give {@link TreeShadow.Quirks#UNKNOWN}, which matters only for {@code <table>} inside {@code <p>}.
 */
final class Doctype {
    private Doctype() {}

    /** The doctype's text after the keyword {@code DOCTYPE}, up to (not including) its '&gt;'. */
    static TreeShadow.Quirks quirks(char[] c, int start, int end) {
        String s = new String(c, start, end - start);
        int i = skipSpace(s, 0);
        if (i == s.length()) return TreeShadow.Quirks.YES; // no name: forced quirks
        int nameEnd = i;
        while (nameEnd < s.length() && !isSpace(s.charAt(nameEnd))) nameEnd++;
        if (!HtmlTags.lowerAscii(s.substring(i, nameEnd)).equals("html")) return TreeShadow.Quirks.YES;
        i = skipSpace(s, nameEnd);
        if (i == s.length()) return TreeShadow.Quirks.NO;
        String rest = s.substring(i);
        boolean publicId = rest.regionMatches(true, 0, "public", 0, 6);
        if (!publicId && !rest.regionMatches(true, 0, "system", 0, 6)) return TreeShadow.Quirks.UNKNOWN;
        int j = skipSpace(rest, 6);
        String first = quoted(rest, j);
        if (first == null) return TreeShadow.Quirks.UNKNOWN;
        if (publicId && first.equalsIgnoreCase("html")) return TreeShadow.Quirks.YES;
        j = skipSpace(rest, j + first.length() + 2);
        if (j == rest.length()) return TreeShadow.Quirks.NO;
        if (!publicId) return TreeShadow.Quirks.UNKNOWN;
        String second = quoted(rest, j);
        if (second == null) return TreeShadow.Quirks.UNKNOWN;
        j = skipSpace(rest, j + second.length() + 2);
        return j == rest.length() ? TreeShadow.Quirks.NO : TreeShadow.Quirks.UNKNOWN;
    }

    private static String quoted(String s, int i) {
        if (i >= s.length() || (s.charAt(i) != '"' && s.charAt(i) != '\'')) return null;
        int close = s.indexOf(s.charAt(i), i + 1);
        return close < 0 ? null : s.substring(i + 1, close);
    }

    private static int skipSpace(String s, int i) {
        while (i < s.length() && isSpace(s.charAt(i))) i++;
        return i;
    }

    private static boolean isSpace(char ch) {
        return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\f' || ch == '\r';
    }
}
