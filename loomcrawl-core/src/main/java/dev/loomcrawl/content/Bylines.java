package dev.loomcrawl.content;

import java.util.Locale;

/**
 * Whether a short line of an article is its byline ("By Jane Doe", "Posted by Jane Doe on 3 March 2026") or its
 * dateline ("Updated 3 March 2026 10:14", "Published: 2026-03-03"), told from its words alone, and what it says:
 * the author's name and the date, as written. Such a line is about the article, not part of it: it is left out of the
 * content, and what it says goes to the page's facts where the page's metadata did not say it ({@link PageContents}).
 *
 * <p>A byline begins with "by" (or "posted by", "written by", and the same in German, French, Spanish, Portuguese,
 * Italian and Dutch) followed by a capitalised word, and has at most 12 words: "By 2030 the city..." and "By Monday,
 * the bridge had reopened." are not bylines (a digit; a sentence). A dateline begins with a word that says published
 * or updated (in the same languages) and holds a digit. Neither ends a sentence.
 */
final class Bylines {
    /** A line is shorter than this (Readability's byline length). */
    static final int LONGEST = 100;
    private static final int MOST_WORDS = 12;

    /** What a byline or dateline says; its fields null where it says nothing of it. */
    record Said(String author, String published, String modified) {}

    private static final String[] BY = {"posted by ", "written by ", "published by ", "by ", "von ", "par ", "por ",
            "di ", "door ", "publié par ", "publicado por ", "escrito por ", "geschrieben von "};
    private static final String[] PUBLISHED = {"published on ", "published: ", "published ", "posted on ", "posted: ",
            "posted ", "first published ", "veröffentlicht am ", "veröffentlicht: ", "veröffentlicht ", "publié le ",
            "publié ", "publicado el ", "publicado: ", "publicado ", "pubblicato il ", "pubblicato ",
            "gepubliceerd op ", "gepubliceerd ", "erschienen am "};
    private static final String[] UPDATED = {"last updated on ", "last updated: ", "last updated ", "updated on ",
            "updated: ", "updated ", "last modified: ", "last modified ", "aktualisiert am ", "aktualisiert: ",
            "aktualisiert ", "zuletzt aktualisiert ", "mis à jour le ", "mis à jour ", "actualizado el ",
            "actualizado: ", "actualizado ", "aggiornato il ", "aggiornato ", "bijgewerkt op ", "bijgewerkt "};
    /** What a photo's credit line begins with, lower case. */
    private static final String[] CREDIT = {"credit", "photo:", "photos:", "photo by ", "photograph:", "photograph by ",
            "image:", "images:", "image by ", "picture:", "illustration:", "illustration by ", "source:", "©", "(c) ",
            "copyright", "foto:", "fotos:", "foto von ", "bild:", "bildquelle", "quelle:", "crédit", "crédito",
            "fuente:", "fotografía:"};
    /** What ends the name in a byline: the date or the role after it. */
    private static final String[] AFTER_NAME = {" | ", " on ", " at ", " am ", " le ", " el ", " il ", " op ",
            " - ", " – ", " — ", " · ", " • ", ",", "|", "\n"};

    private Bylines() {}

    /**
     * Whether {@code text}'s first visible character may begin a byline or a dateline (the first letters of the words
     * above, in either case): else its text is not made.
     */
    static boolean mayBegin(char c) {
        char lower = Character.toLowerCase(c);
        return "bpwvdeugfaelzcisq©(".indexOf(lower) >= 0;
    }

    /** Whether {@code text} is a photo's credit line ("Credit Jane Doe/Agency", "Photo: Jane Doe", "© Agency"). */
    static boolean credit(String text) {
        String line = text.strip();
        if (line.isEmpty() || line.length() >= LONGEST) {
            return false;
        }
        String lower = line.toLowerCase(Locale.ROOT);
        for (String c : CREDIT) {
            if (lower.startsWith(c)) {
                return true;
            }
        }
        return false;
    }

    /** What {@code text} says when it is a byline or a dateline; null when it is neither. */
    static Said of(String text) {
        String line = text.strip(); // jsoup's text: whitespace collapsed already
        if (line.isEmpty() || line.length() >= LONGEST || endsSentence(line)) {
            return null;
        }
        String lower = line.toLowerCase(Locale.ROOT);
        String date = after(line, lower, UPDATED);
        if (date != null) {
            return hasDigit(date) ? new Said(null, null, date) : null;
        }
        date = after(line, lower, PUBLISHED);
        if (date != null && !lower.startsWith("posted by") && !lower.startsWith("published by")) {
            return hasDigit(date) ? new Said(null, date, null) : null;
        }
        String rest = after(line, lower, BY);
        if (rest == null || rest.isEmpty() || !Character.isUpperCase(rest.codePointAt(0)) || words(line) > MOST_WORDS) {
            return null;
        }
        String name = rest;
        String restLower = rest.toLowerCase(Locale.ROOT);
        int cut = name.length();
        for (String end : AFTER_NAME) {
            int at = restLower.indexOf(end);
            if (at > 0 && at < cut) {
                cut = at;
            }
        }
        name = name.substring(0, cut).strip();
        if (!nameLike(name)) {
            return null;
        }
        String tail = rest.substring(cut);
        return new Said(name, hasDigit(tail) ? dateIn(tail) : null, null);
    }

    /** The text after the first of {@code prefixes} that {@code lower} starts with, from {@code line}; else null. */
    private static String after(String line, String lower, String[] prefixes) {
        for (String p : prefixes) {
            if (lower.startsWith(p)) {
                return line.substring(p.length()).strip();
            }
        }
        return null;
    }

    /** The date in what follows a byline's name: from its first letter or digit, separators and "on" dropped. */
    private static String dateIn(String tail) {
        String s = tail.strip();
        for (String lead : new String[] {"|", "-", "–", "—", "·", "•", ",", "on ", "at ", "am ", "le ", "el ", "il ",
                "op "}) {
            if (s.startsWith(lead)) {
                s = s.substring(lead.length()).strip();
            }
        }
        return s.isEmpty() ? null : s;
    }

    /**
     * Whether {@code name} reads as people's names: at most 6 words, no digit, each word capitalised but for the
     * particles and conjunctions names hold ("van", "de", "and"...).
     */
    static boolean nameLike(String name) {
        if (name.isEmpty() || hasDigit(name)) {
            return false;
        }
        String[] words = name.split("\\s+");
        if (words.length > 6) {
            return false;
        }
        for (String w : words) {
            if (!Character.isUpperCase(w.codePointAt(0)) && !PARTICLES.contains(w.toLowerCase(Locale.ROOT))) {
                return false;
            }
        }
        return true;
    }

    private static final java.util.Set<String> PARTICLES = java.util.Set.of("and", "und", "et", "y", "e", "en", "&",
            "van", "von", "de", "der", "den", "da", "di", "du", "la", "le", "del", "dos", "das", "bin", "al");

    private static boolean endsSentence(String line) {
        char last = line.charAt(line.length() - 1);
        return last == '.' && !initial(line) || last == '!' || last == '?';
    }

    /** Whether the line ends with an initial ("By J. R. R. Tolkien Jr."): a capital and a dot after a space. */
    private static boolean initial(String line) {
        int n = line.length();
        return n >= 3 && Character.isUpperCase(line.charAt(n - 2)) && line.charAt(n - 3) == ' '
                || line.endsWith(" Jr.") || line.endsWith(" Sr.");
    }

    private static boolean hasDigit(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (Character.isDigit(s.charAt(i))) {
                return true;
            }
        }
        return false;
    }

    private static int words(String s) {
        int words = 0;
        boolean in = false;
        for (int i = 0; i < s.length(); i++) {
            boolean letter = !Character.isWhitespace(s.charAt(i));
            if (letter && !in) {
                words++;
            }
            in = letter;
        }
        return words;
    }
}
