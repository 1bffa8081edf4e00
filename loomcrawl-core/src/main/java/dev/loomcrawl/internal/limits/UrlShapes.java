package dev.loomcrawl.internal.limits;

import dev.loomcrawl.url.WebUrl;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Counts URLs by shape: the origin, path and query with every run of digits replaced by one mark, so that
 * {@code /cal?month=11} and {@code /cal?month=12} share the shape {@code /cal?month=#}. A counter that never
 * ends (a calendar, endless pagination) makes ever more URLs of one shape, each a link deeper than the last.
 * A big site of numbered pages ({@code /article/123456}) makes many URLs of one shape too, but all within a
 * few links of each other. So a shape is over its limit only when it has more than {@code max} URLs and the
 * new one lies more than {@link #DEPTH_SPAN} links deeper than the shape's shallowest URL.
 *
 * <p>Memory is bounded: a shape is kept as a 64-bit hash with its count, at most {@code capacity} of them
 * (100,000 by default: a few MiB), least recently seen first out. A shape of a trap is seen on every step of
 * the trap, so it stays; one that is pushed out had been quiet for a hundred thousand other shapes, and
 * counts from zero if it comes back. URLs without a digit in their path or query are not counted: each is
 * its own shape, and the seen set already stops it coming back.
 */
final class UrlShapes {
    static final int MAX_SHAPES = 100_000;
    /** How many links deeper than its shallowest URL a shape may reach whatever its count: 20, as Heritrix's hops. */
    static final int DEPTH_SPAN = 20;

    private final ReentrantLock lock = new ReentrantLock();
    private final Map<Long, int[]> counts;

    UrlShapes(int capacity) {
        this.counts = new LinkedHashMap<>(1024, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Long, int[]> eldest) {
                return size() > capacity;
            }
        };
    }

    /**
     * Counts this URL, found at {@code depth}, under its shape; whether the shape is now over its limit: more
     * than {@code max} URLs, and this one more than {@link #DEPTH_SPAN} links deeper than the shallowest.
     */
    boolean overLimit(WebUrl url, int depth, int max) {
        Long shape = shapeHash(url);
        if (shape == null) return false;
        lock.lock();
        try {
            int[] c = counts.computeIfAbsent(shape, k -> new int[] {0, depth}); // count, shallowest depth
            c[0]++;
            c[1] = Math.min(c[1], depth);
            return c[0] > max && depth - c[1] > DEPTH_SPAN;
        } finally {
            lock.unlock();
        }
    }

    /** How many URLs this URL's shape has counted (0 for a URL with no digit, or a shape not kept). */
    int count(WebUrl url) {
        Long shape = shapeHash(url);
        lock.lock();
        try {
            int[] c = shape == null ? null : counts.get(shape);
            return c == null ? 0 : c[0];
        } finally {
            lock.unlock();
        }
    }

    /** How many shapes are kept now. */
    int size() {
        lock.lock();
        try {
            return counts.size();
        } finally {
            lock.unlock();
        }
    }

    /** The shape as text: {@code http://host:port/path?query}, each number (digits, a leading minus) as {@code #}. */
    static String shape(WebUrl url) {
        StringBuilder sb = new StringBuilder();
        sb.append(url.scheme()).append("://").append(url.host()).append(':').append(url.port());
        String rest = url.path() + (url.query() == null ? "" : "?" + url.query());
        boolean inNumber = false;
        for (int i = 0; i < rest.length(); i++) {
            boolean number = isDigit(rest, i) || isSign(rest, i);
            if (!number) sb.append(rest.charAt(i));
            else if (!inNumber) sb.append('#');
            inNumber = number;
        }
        return sb.toString();
    }

    private static boolean isDigit(String s, int i) {
        return i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9';
    }

    /** A minus sign starting a number ({@code month=-3}), not a dash between words or numbers ({@code 2026-05}). */
    private static boolean isSign(String s, int i) {
        return s.charAt(i) == '-' && isDigit(s, i + 1) && (i == 0 || !Character.isLetterOrDigit(s.charAt(i - 1)));
    }

    /** A 64-bit FNV-1a hash of {@link #shape}, or null when the path and query have no digit. */
    private static Long shapeHash(WebUrl url) {
        String rest = url.path() + (url.query() == null ? "" : "?" + url.query());
        if (rest.chars().noneMatch(c -> c >= '0' && c <= '9')) return null;
        String shape = shape(url);
        long h = 0xcbf29ce484222325L;
        for (int i = 0; i < shape.length(); i++) {
            h ^= shape.charAt(i);
            h *= 0x100000001b3L;
        }
        return h;
    }
}
