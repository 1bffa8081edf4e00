package dev.loomcrawl.bench;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * How much of one text's words another has: precision, recall and F1 over bags of lower-cased words (each counted as
 * often as it occurs on both sides), or over 3-word shingles, which also count their order.
 */
final class WordOverlap {
    /** Precision, recall and F1 of a text against the one it should be. */
    record Score(double precision, double recall, double f1) {
        /** {@code got}'s tokens against {@code expected}'s; two empty sides score 1, one empty side 0. */
        static Score of(List<String> got, List<String> expected) {
            if (got.isEmpty() || expected.isEmpty()) {
                double same = got.isEmpty() && expected.isEmpty() ? 1 : 0;
                return new Score(same, same, same);
            }
            int common = got.size() - missing(got, expected).size();
            double p = common / (double) got.size();
            double r = common / (double) expected.size();
            return new Score(p, r, p + r == 0 ? 0 : 2 * p * r / (p + r));
        }
    }

    private WordOverlap() {}

    /**
     * The lower-cased words of {@code text}: runs of letters and digits, each Han, Hiragana or Katakana character a
     * word by itself (those scripts do not put spaces between words).
     */
    static List<String> words(String text) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        for (int i = 0; i < text.length(); ) {
            int c = text.codePointAt(i);
            i += Character.charCount(c);
            if (!Character.isLetterOrDigit(c)) {
                flush(word, words);
                continue;
            }
            Character.UnicodeScript script = Character.UnicodeScript.of(c);
            if (script == Character.UnicodeScript.HAN || script == Character.UnicodeScript.HIRAGANA
                    || script == Character.UnicodeScript.KATAKANA) {
                flush(word, words);
                words.add(Character.toString(c));
            } else {
                word.appendCodePoint(Character.toLowerCase(c));
            }
        }
        flush(word, words);
        return words;
    }

    private static void flush(StringBuilder word, List<String> words) {
        if (!word.isEmpty()) {
            words.add(word.toString());
            word.setLength(0);
        }
    }

    /** The 3-word shingles of {@code words}, in order. */
    static List<String> shingles(List<String> words) {
        List<String> shingles = new ArrayList<>(Math.max(0, words.size() - 2));
        for (int i = 0; i + 3 <= words.size(); i++) {
            shingles.add(words.get(i) + ' ' + words.get(i + 1) + ' ' + words.get(i + 2));
        }
        return shingles;
    }

    /** The tokens of {@code a}, in order, beyond as many as {@code b} has of each. */
    static List<String> missing(List<String> a, List<String> b) {
        Map<String, Integer> counts = new HashMap<>();
        for (String w : b) {
            counts.merge(w, 1, Integer::sum);
        }
        List<String> out = new ArrayList<>();
        for (String w : a) {
            Integer c = counts.get(w);
            if (c != null && c > 0) {
                counts.put(w, c - 1);
            } else {
                out.add(w);
            }
        }
        return out;
    }
}
