package dev.loomcrawl.extract;

/** The URL in a {@code <meta http-equiv=refresh content="5; url=...">}, as the HTML standard parses it. */
final class MetaRefresh {
    private MetaRefresh() {}

    /** The URL, or null when the content has none (a plain reload). */
    static String url(String content) {
        String s = content.strip();
        int i = 0;
        while (i < s.length() && (Character.isDigit(s.charAt(i)) || s.charAt(i) == '.')) i++;
        if (i == 0) return null; // the time is required
        while (i < s.length() && Character.isWhitespace(s.charAt(i))) i++;
        if (i < s.length() && (s.charAt(i) == ';' || s.charAt(i) == ',')) i++;
        while (i < s.length() && Character.isWhitespace(s.charAt(i))) i++;
        String rest = s.substring(i);
        if (rest.regionMatches(true, 0, "url", 0, 3)) {
            int j = 3;
            while (j < rest.length() && Character.isWhitespace(rest.charAt(j))) j++;
            if (j < rest.length() && rest.charAt(j) == '=') {
                j++;
                while (j < rest.length() && Character.isWhitespace(rest.charAt(j))) j++;
                rest = rest.substring(j);
            }
        }
        if (rest.isEmpty()) return null;
        char quote = rest.charAt(0);
        if (quote == '"' || quote == '\'') {
            int end = rest.indexOf(quote, 1);
            rest = end < 0 ? rest.substring(1) : rest.substring(1, end);
        }
        return rest.isBlank() ? null : rest;
    }
}
