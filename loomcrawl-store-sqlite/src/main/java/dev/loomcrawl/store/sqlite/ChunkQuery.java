package dev.loomcrawl.store.sqlite;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.zip.CRC32;

/**
 * A person's (or a model's) query as FTS5 MATCH expressions that FTS5 can only read as words: the query is cut at
 * white space into terms, each term becomes a quoted FTS5 string (a phrase of the words FTS5's tokeniser finds in it:
 * {@code os.path.join} is the phrase "os path join"), and the terms are joined with OR, so a chunk with more of them,
 * and rarer ones, ranks higher (BM25). Nothing the query says is FTS5 syntax: {@code AND}, {@code NEAR(}, {@code *},
 * {@code col:} and {@code "} are words or nothing. A term with no letter or digit is dropped (it would be an empty
 * phrase); only the first {@link #MAX_CHARS} characters and {@link #MAX_TERMS} distinct terms are read, so a long
 * query costs no more than a short one.
 *
 * @param phrases the terms as quoted FTS5 strings, at most {@link #MAX_TERMS}; none when the query has no word
 * @param key     a short fingerprint of the phrases, which a cursor carries so that it is not used with another query
 */
record ChunkQuery(List<String> phrases, String key) {
    static final int MAX_CHARS = 1_000;
    static final int MAX_TERMS = 32;

    static ChunkQuery of(String text) {
        Set<String> terms = new LinkedHashSet<>();
        for (String term : terms(text == null ? "" : text)) {
            if (terms.size() == MAX_TERMS) break;
            terms.add(term.toLowerCase(Locale.ROOT));
        }
        List<String> phrases = new ArrayList<>();
        for (String t : terms) phrases.add('"' + t.replace("\"", "\"\"") + '"');
        CRC32 crc = new CRC32();
        crc.update(String.join(" ", phrases).getBytes(StandardCharsets.UTF_8));
        return new ChunkQuery(List.copyOf(phrases), Long.toHexString(crc.getValue()));
    }

    /** English function words: what a question says around the words that tell ("how do I ... in a ..."). */
    private static final Set<String> FUNCTION_WORDS = Set.of(
            "a", "an", "the", "and", "or", "but", "of", "to", "in", "on", "at", "by", "for", "with", "from", "as",
            "into", "about", "is", "are", "was", "were", "be", "been", "it", "its", "this", "that", "these", "those",
            "i", "me", "my", "you", "your", "we", "our", "do", "does", "did", "how", "what", "which", "who", "when",
            "where", "why", "can", "could", "should", "would", "will", "so", "if", "then", "than", "there", "not");

    /** Whether {@code phrase} (one of {@link #phrases()}) is a function word alone. */
    static boolean functionWord(String phrase) {
        return FUNCTION_WORDS.contains(phrase.substring(1, phrase.length() - 1));
    }

    boolean isEmpty() {
        return phrases.isEmpty();
    }

    /** The phrases whose bits are set in {@code kept}, bit 0 the first, as one MATCH expression. */
    String match(int kept) {
        List<String> or = new ArrayList<>();
        for (int i = 0; i < phrases.size(); i++) if ((kept & (1 << i)) != 0) or.add(phrases.get(i));
        return String.join(" OR ", or);
    }

    /** Every phrase, as a mask for {@link #match(int)}. */
    int all() {
        return phrases.size() == 32 ? -1 : (1 << phrases.size()) - 1;
    }

    /** The query's terms: runs of characters other than white space and controls, each with a letter or digit. */
    private static List<String> terms(String text) {
        List<String> terms = new ArrayList<>();
        StringBuilder term = new StringBuilder();
        boolean word = false;
        int end = Math.min(text.length(), MAX_CHARS);
        for (int i = 0; i < end; ) {
            int cp = text.codePointAt(i);
            i += Character.charCount(cp);
            // a lone surrogate cannot be written as UTF-8: a separator, as white space and controls are
            int type = Character.getType(cp);
            boolean separator = Character.isWhitespace(cp) || Character.isSpaceChar(cp) || type == Character.CONTROL
                    || type == Character.FORMAT || type == Character.SURROGATE;
            if (separator) {
                if (word) terms.add(term.toString());
                term.setLength(0);
                word = false;
            } else {
                term.appendCodePoint(cp);
                word |= Character.isLetterOrDigit(cp);
            }
        }
        if (word) terms.add(term.toString());
        return terms;
    }
}
