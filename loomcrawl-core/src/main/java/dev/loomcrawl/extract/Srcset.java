package dev.loomcrawl.extract;

import java.util.ArrayList;
import java.util.List;

/** The URLs of a {@code srcset} attribute, parsed as the HTML standard's "parse a srcset attribute" does. */
final class Srcset {
    private Srcset() {}

    static List<String> urls(String srcset) {
        List<String> urls = new ArrayList<>();
        int i = 0;
        int n = srcset.length();
        while (i < n) {
            while (i < n && (isSpace(srcset.charAt(i)) || srcset.charAt(i) == ',')) i++;
            if (i >= n) break;
            int start = i;
            while (i < n && !isSpace(srcset.charAt(i))) i++;
            int end = i;
            boolean endsWithComma = false;
            while (end > start && srcset.charAt(end - 1) == ',') {
                end--;
                endsWithComma = true;
            }
            if (end > start) urls.add(srcset.substring(start, end));
            if (!endsWithComma) i = skipDescriptors(srcset, i);
        }
        return urls;
    }

    /** Skips a candidate's descriptors up to the ',' that ends it (commas inside parentheses do not). */
    private static int skipDescriptors(String s, int i) {
        boolean inParens = false;
        for (; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '(') inParens = true;
            else if (c == ')') inParens = false;
            else if (c == ',' && !inParens) return i + 1;
        }
        return i;
    }

    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
    }
}
