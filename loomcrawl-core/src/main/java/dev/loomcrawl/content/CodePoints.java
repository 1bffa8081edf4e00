package dev.loomcrawl.content;

import java.util.Arrays;

/**
 * Where a string's code points are, in O(log n) a question after one pass over it: the string's surrogate pairs,
 * each counting one code point for two chars. {@code String.codePointCount} and {@code offsetByCodePoints} walk the
 * chars they cover each time they are asked (but for a Latin-1 string's count), which made cutting a page with any
 * character outside Latin-1 take time in its size times the chunk size.
 *
 * <p>Indexes are char indexes that do not fall inside a pair; an unpaired surrogate is one code point, as the
 * JDK counts it.
 */
final class CodePoints {
    private static final int[] NONE = {};

    private final int length;
    /** The char index of each pair's second char, in order. */
    private final int[] seconds;

    private CodePoints(int length, int[] seconds) {
        this.length = length;
        this.seconds = seconds;
    }

    static CodePoints of(String s) {
        int n = s.length();
        int[] seconds = NONE;
        int count = 0;
        for (int i = 1; i < n; i++) {
            if (Character.isLowSurrogate(s.charAt(i)) && Character.isHighSurrogate(s.charAt(i - 1))) {
                if (count == seconds.length) seconds = Arrays.copyOf(seconds, Math.max(16, count * 2));
                seconds[count++] = i++; // the char after a pair's second starts a new code point
            }
        }
        return new CodePoints(n, Arrays.copyOf(seconds, count));
    }

    /** The code points in [from, to): {@code s.codePointCount(from, to)}. */
    int count(int from, int to) {
        return index(to) - index(from);
    }

    /** The code point index of char index i: the code points before it. */
    int index(int i) {
        return i - pairsBefore(i);
    }

    /**
     * The char index {@code cps} code points after from, or the string's length if it has fewer:
     * {@code s.offsetByCodePoints(from, cps)}, but for the clamping.
     */
    int offset(int from, int cps) {
        long target = (long) index(from) + cps;
        if (target >= index(length)) return length;
        // the pairs wholly before the target: those whose first char's code point index is below it
        int lo = 0, hi = seconds.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (seconds[mid] - 1 - mid < target) lo = mid + 1;
            else hi = mid;
        }
        return (int) target + lo;
    }

    private int pairsBefore(int i) {
        if (seconds.length == 0) return 0;
        int at = Arrays.binarySearch(seconds, i);
        return at >= 0 ? at : -at - 1;
    }
}
