package dev.loomcrawl.internal.focus;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A focused crawl's question as the words that count: lower-case words of letters and digits, common English words
 * left out, a plural in "s" read as its singular. {@link #coverage} says how many of them a text holds.
 */
final class Question {
    private static final Set<String> COMMON = Set.of("a", "an", "the", "and", "or", "of", "to", "in", "on", "for",
            "with", "by", "at", "from", "as", "is", "are", "be", "was", "were", "it", "its", "this", "that", "these",
            "those", "how", "what", "which", "who", "when", "where", "why", "do", "does", "did", "can", "could",
            "should", "would", "will", "i", "you", "we", "my", "your", "our", "me", "use", "using", "into", "about",
            "there", "their", "than", "then", "not", "no", "so", "if", "get", "make", "way", "some", "any", "all");

    private final String text;
    private final List<String> terms;

    Question(String text) {
        this.text = text;
        this.terms = List.copyOf(new HashSet<>(words(text, true)));
    }

    String text() {
        return text;
    }

    List<String> terms() {
        return terms;
    }

    /** The share of the question's words found in {@code text}, 0 to 1 (0 for a question of common words only). */
    float coverage(String text) {
        if (terms.isEmpty() || text == null || text.isEmpty()) return 0;
        return coverage(new HashSet<>(words(text, false)));
    }

    /** {@link #coverage(String)} of a text already cut into {@link #words}. */
    float coverage(Set<String> words) {
        if (terms.isEmpty()) return 0;
        int n = 0;
        for (String t : terms) if (words.contains(t)) n++;
        return (float) n / terms.size();
    }

    /** The text's words, lower case, plurals as singulars; without the common ones when {@code uncommon}. */
    static List<String> words(String text, boolean uncommon) {
        List<String> out = new ArrayList<>();
        for (String w : text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
            if (w.isEmpty() || uncommon && COMMON.contains(w)) continue;
            out.add(stem(w.length() > 3 && w.endsWith("s") && !w.endsWith("ss") ? w.substring(0, w.length() - 1) : w));
        }
        return out;
    }

    /** A word without the endings of its commonest forms ("archiving", "archived", "archive": "archiv"). */
    static String stem(String w) {
        if (w.length() > 5 && (w.endsWith("ing") || w.endsWith("ion"))) w = w.substring(0, w.length() - 3);
        else if (w.length() > 4 && w.endsWith("ed")) w = w.substring(0, w.length() - 2);
        return w.length() > 4 && w.endsWith("e") ? w.substring(0, w.length() - 1) : w;
    }
}
