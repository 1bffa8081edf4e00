package dev.loomcrawl.run;

import dev.loomcrawl.run.Discovery.Mapped;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Orders a map's URLs by how well they match a query, simply and predictably. The query and each URL's fields are
 * cut into lower-case words of letters and digits (a plural in "s" read as its singular); each query
 * word scores by the best field it is found in: a word of the page's title or of a link's text to it 3, a word of
 * the URL's path 3, part of a longer word of the path (asyncio-eventloop's "event") 2, anywhere else in the URL 1.
 * URLs that score nothing are left out; ties go to the URL whose title and link texts match more of the query's
 * words, then to the shorter URL (the more general page), then to the URL that sorts first (the same order whatever
 * order the crawl found them in).
 */
public final class MapRanking {
    private MapRanking() {}

    /** The URLs that match {@code query}, best first; all of them, in their order, for a query without words. */
    public static List<Mapped> rank(List<Mapped> urls, String query) {
        Set<String> words = words(query);
        if (words.isEmpty()) return urls;
        record Scored(Mapped url, int score, int named) {}
        List<Scored> scored = new ArrayList<>();
        for (Mapped m : urls) {
            int s = score(m, words);
            if (s > 0) scored.add(new Scored(m, s, named(m, words)));
        }
        scored.sort(Comparator.comparingInt((Scored s) -> -s.score).thenComparingInt(s -> -s.named)
                .thenComparingInt(s -> s.url.url().length()).thenComparing(s -> s.url.url()));
        return scored.stream().map(Scored::url).toList();
    }

    static int score(Mapped m, Set<String> query) {
        String url = m.url().toLowerCase(Locale.ROOT);
        int schemeEnd = url.indexOf("://");
        int pathStart = url.indexOf('/', schemeEnd < 0 ? 0 : schemeEnd + 3);
        String pathText = pathStart < 0 ? "" : url.substring(pathStart);
        Set<String> path = words(pathText);
        Set<String> named = namedWords(m);
        int score = 0;
        for (String w : query) {
            if (named.contains(w) || path.contains(w)) score += 3;
            else if (pathText.contains(w)) score += 2;
            else if (url.contains(w)) score += 1;
        }
        return score;
    }

    /** How many of the query's words the URL's title and link texts hold. */
    private static int named(Mapped m, Set<String> query) {
        Set<String> named = namedWords(m);
        int n = 0;
        for (String w : query) if (named.contains(w)) n++;
        return n;
    }

    private static Set<String> namedWords(Mapped m) {
        Set<String> named = words(m.title() == null ? "" : m.title());
        for (String a : m.anchors()) named.addAll(words(a));
        return named;
    }

    /** The text's words in lower case, a plural in "s" as its singular ("loops" as "loop", not "class"). */
    static Set<String> words(String text) {
        Set<String> out = new HashSet<>();
        for (String w : text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
            if (w.isEmpty()) continue;
            out.add(w.length() > 3 && w.endsWith("s") && !w.endsWith("ss") ? w.substring(0, w.length() - 1) : w);
        }
        return out;
    }
}
