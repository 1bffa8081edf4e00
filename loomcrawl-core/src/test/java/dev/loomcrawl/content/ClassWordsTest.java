package dev.loomcrawl.content;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ClassWordsTest {
    /** Readability's words by the bits they give, as in ClassWords; the share words are the bounded ones. */
    private static final Map<Integer, List<String>> WORDS = Map.of(
            ClassWords.UNLIKELY | ClassWords.BOILERPLATE, List.of("-ad-", "ai2html", "breadcrumbs", "combx", "comment",
                    "disqus", "footer", "gdpr", "menu", "related", "replies", "shoutbox", "sidebar", "skyscraper",
                    "social", "sponsor", "ad-break", "agegate", "pagination", "pager", "popup", "yom-remote"),
            ClassWords.UNLIKELY, List.of("banner", "community", "cover-wrap", "extra", "header", "legends", "remark",
                    "rss", "supplemental"),
            ClassWords.MAYBE, List.of("and", "article", "body", "column", "content", "main", "mathjax", "shadow"),
            ClassWords.POSITIVE, List.of("article", "body", "content", "entry", "hentry", "h-entry", "main", "page",
                    "pagination", "post", "text", "blog", "story"),
            ClassWords.NEGATIVE, List.of("-ad-", "hidden", "banner", "combx", "comment", "com-", "contact", "footer",
                    "gdpr", "masthead", "media", "meta", "outbrain", "promo", "related", "scroll", "share",
                    "shoutbox", "sidebar", "skyscraper", "sponsor", "shopping", "tags", "widget"),
            ClassWords.BYLINE, List.of("byline", "author", "dateline", "writtenby", "p-author"),
            ClassWords.ANCHOR, List.of("(", "."),
            ClassWords.REFERENCE, List.of("&"));
    private static final String[] PARTS = {"share", "sharedaddy", "SHARE", "_", "-", " ", "x", "a", "d", "ad", "-ad-",
            "comment", "com", "main", "Header", "nav", "é", "1", "2", "ai2html", "pagination", "page", "byline",
            "p-author", "author", "hentry", "h-entry", "e", "n", "t", "r", "y", "o", "m", "i", "&", "(", ".", "Sidebar",
            "sky", "scraper", "replies", "rss", "body", "text", "s", "h"};

    @Test
    void theAutomatonFindsWhatSearchingForEachWordFinds() {
        Random random = new Random(20261126);
        for (int i = 0; i < 200_000; i++) {
            StringBuilder value = new StringBuilder();
            for (int k = random.nextInt(8); k >= 0; k--) {
                value.append(PARTS[random.nextInt(PARTS.length)]);
            }
            String s = value.toString();
            char[] padded = ("zz" + s + "zz").toCharArray(); // the value is a range of a longer array
            assertEquals(expected(s), ClassWords.of(padded, 2, 2 + s.length()), s);
        }
    }

    @Test
    void shareWordsMustStandAlone() {
        assertEquals(ClassWords.SHARE | ClassWords.NEGATIVE, words("x_share"));
        assertEquals(ClassWords.SHARE | ClassWords.NEGATIVE, words("share-tools"));
        assertEquals(ClassWords.NEGATIVE, words("shares"));
        assertEquals(ClassWords.NEGATIVE, words("sharedaddy2"));
    }

    private static int words(String s) {
        return ClassWords.of(s.toCharArray(), 0, s.length());
    }

    /** Each word looked for on its own, anywhere in the value but for the share words, which must stand alone. */
    private static int expected(String value) {
        String lower = asciiLowerCase(value);
        int found = 0;
        for (Map.Entry<Integer, List<String>> e : WORDS.entrySet()) {
            for (String word : e.getValue()) {
                if (lower.contains(word)) {
                    found |= e.getKey();
                }
            }
        }
        for (String word : List.of("share", "sharedaddy")) {
            for (int at = lower.indexOf(word); at >= 0; at = lower.indexOf(word, at + 1)) {
                if (boundary(lower, at - 1) && boundary(lower, at + word.length())) {
                    found |= ClassWords.SHARE;
                }
            }
        }
        return found;
    }

    private static boolean boundary(String s, int at) {
        return at < 0 || at >= s.length() || s.charAt(at) == '_' || !Character.isLetterOrDigit(s.charAt(at));
    }

    private static String asciiLowerCase(String s) {
        StringBuilder out = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            out.append(c >= 'A' && c <= 'Z' ? (char) (c + 32) : c);
        }
        return out.toString();
    }
}
