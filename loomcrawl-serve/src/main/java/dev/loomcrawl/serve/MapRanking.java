package dev.loomcrawl.serve;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Orders a map's URLs by how well they match a query, simply and predictably: the query and each URL (its host
 * and path, with its link text or title) are cut into lower-case words of letters and digits; a query word that is
 * a word of the URL's path scores 3, one of its title or link text 2, one found inside the URL otherwise (part of
 * a longer word, the host) 1. URLs that score nothing are left out; ties go to the shorter URL (the more general
 * page), then to the order found.
 */
final class MapRanking {
    private MapRanking() {}

    /** A URL of the map, with its link text or title (may be null). */
    record Entry(String url, String title) {}

    static List<Entry> rank(List<Entry> entries, String query) {
        Set<String> words = words(query);
        if (words.isEmpty()) return entries;
        record Scored(Entry entry, int score, int order) {}
        List<Scored> scored = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            int s = score(entries.get(i), words);
            if (s > 0) scored.add(new Scored(entries.get(i), s, i));
        }
        scored.sort(Comparator.comparingInt((Scored s) -> -s.score).thenComparingInt(s -> s.entry.url().length())
                .thenComparingInt(s -> s.order));
        return scored.stream().map(Scored::entry).toList();
    }

    static int score(Entry e, Set<String> query) {
        String url = e.url().toLowerCase(Locale.ROOT);
        int schemeEnd = url.indexOf("://");
        int pathStart = url.indexOf('/', schemeEnd < 0 ? 0 : schemeEnd + 3);
        Set<String> path = words(pathStart < 0 ? "" : url.substring(pathStart));
        Set<String> title = words(e.title() == null ? "" : e.title());
        int score = 0;
        for (String w : query) {
            if (path.contains(w)) score += 3;
            else if (title.contains(w)) score += 2;
            else if (url.contains(w)) score += 1;
        }
        return score;
    }

    static Set<String> words(String text) {
        Set<String> out = new HashSet<>();
        for (String w : text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
            if (!w.isEmpty()) out.add(w);
        }
        return out;
    }
}
