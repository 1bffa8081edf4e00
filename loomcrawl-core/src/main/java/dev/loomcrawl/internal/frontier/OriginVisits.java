package dev.loomcrawl.internal.frontier;

import dev.loomcrawl.frontier.Visit;
import dev.loomcrawl.url.WebUrl;

import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeSet;

/**
 * One origin's queued visits, in the order they are taken: first in, first out (breadth-first, the default), or
 * best first (a focused crawl: the highest {@code Visit.priority} first, first in first out among equals). Either
 * way the newest, or the worst, can be taken back from the other end to make room. Guarded by the frontier's lock.
 */
sealed interface OriginVisits {
    /** Queues a visit behind those queued. */
    void addLast(OriginQueue.Queued q);

    /** Queues a visit before every other (a visit put back to be tried again). */
    void addFirst(OriginQueue.Queued q);

    /** The next visit to take, taken off the queue; null when empty. */
    OriginQueue.Queued pollFirst();

    /** The visit taken last (the newest, or the worst), taken off the queue; null when empty. */
    OriginQueue.Queued pollLast();

    /** The visit {@link #pollLast} would take, left queued; null when empty. */
    OriginQueue.Queued peekLast();

    int size();

    /**
     * Moves the queued visit of {@code better}'s URL up to {@code better}'s priority, keeping its place among
     * visits of equal priority, if that priority is higher than its own; says whether it did. First in, first out
     * keeps no priorities: never.
     */
    boolean raise(Visit better);

    default boolean isEmpty() {
        return size() == 0;
    }

    static OriginVisits of(boolean bestFirst) {
        return bestFirst ? new BestFirst() : new Fifo();
    }

    /** Breadth-first: first in, first out. */
    final class Fifo implements OriginVisits {
        private final ArrayDeque<OriginQueue.Queued> deque = new ArrayDeque<>();

        @Override public void addLast(OriginQueue.Queued q) { deque.addLast(q); }
        @Override public void addFirst(OriginQueue.Queued q) { deque.addFirst(q); }
        @Override public OriginQueue.Queued pollFirst() { return deque.pollFirst(); }
        @Override public OriginQueue.Queued pollLast() { return deque.pollLast(); }
        @Override public OriginQueue.Queued peekLast() { return deque.peekLast(); }
        @Override public int size() { return deque.size(); }
        @Override public boolean raise(Visit better) { return false; }
    }

    /**
     * Best first: highest priority first, first in first out among equal priorities; but every
     * {@link #EXPLORE}th visit taken is the oldest queued, so that a crawl led astray by its estimates still makes
     * its way through the site breadth-first, at a quarter of the pace. A visit of a negative priority (an asset in
     * a focused crawl) is never taken to explore: only once nothing better is queued.
     */
    final class BestFirst implements OriginVisits {
        static final int EXPLORE = 4;
        private record Entry(OriginQueue.Queued queued, long order) {}
        private final TreeSet<Entry> best = new TreeSet<>(Comparator
                .comparingDouble((Entry e) -> -e.queued.visit().priority()).thenComparingLong(Entry::order));
        private final TreeSet<Entry> oldest = new TreeSet<>(Comparator.comparingLong(Entry::order));
        private final Map<WebUrl, Entry> byUrl = new HashMap<>();
        private long last; // the order of the next visit queued behind the others
        private long first = -1; // the order of the next visit queued before every other
        private long taken;

        @Override public void addLast(OriginQueue.Queued q) { add(new Entry(q, last++)); }
        @Override public void addFirst(OriginQueue.Queued q) { add(new Entry(q, first--)); }
        @Override public OriginQueue.Queued pollLast() { return remove(best.isEmpty() ? null : best.last()); }
        @Override public OriginQueue.Queued peekLast() { return best.isEmpty() ? null : best.last().queued; }
        @Override public int size() { return best.size(); }

        @Override
        public OriginQueue.Queued pollFirst() {
            if (best.isEmpty()) return null;
            boolean explore = ++taken % EXPLORE == 0 && !oldest.isEmpty();
            return remove(explore ? oldest.first() : best.first());
        }

        @Override
        public boolean raise(Visit better) {
            Entry e = byUrl.get(better.url());
            if (e == null || !(better.priority() > e.queued.visit().priority())) return false;
            remove(e);
            add(new Entry(new OriginQueue.Queued(e.queued.visit().withPriority(better.priority()), e.queued.ticket()),
                    e.order));
            return true;
        }

        private void add(Entry e) {
            best.add(e);
            if (e.queued.visit().priority() >= 0) oldest.add(e);
            byUrl.put(e.queued.visit().url(), e);
        }

        private OriginQueue.Queued remove(Entry e) {
            if (e == null) return null;
            best.remove(e);
            oldest.remove(e);
            byUrl.remove(e.queued.visit().url(), e);
            return e.queued;
        }
    }
}
