package dev.loomcrawl.fetch;

import org.eclipse.jetty.client.AbstractConnectionPool;
import org.eclipse.jetty.client.Connection;
import org.eclipse.jetty.client.Destination;
import org.eclipse.jetty.client.MultiplexConnectionPool;
import org.eclipse.jetty.util.Pool;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.ToIntFunction;
import java.util.stream.Stream;

/**
 * A Jetty {@link Pool} that keeps a free list: the entries that can take one more use (an idle HTTP/1.1
 * connection; an HTTP/2 connection below its stream limit), the most recently freed last. {@link #acquire()} takes
 * that last one, so finding a connection costs the same with 10 or 10,000 of them open, where Jetty's
 * {@code ConcurrentPool} looks at its entries one by one, and with every connection busy looks at all of them
 * (decision 20). Entries follow {@code ConcurrentPool}'s contract: reserved, then enabled (idle or in use), and
 * removed or terminated.
 *
 * <p>One lock guards the free list and every entry's state; it is held for a few field updates and set
 * operations, never across I/O or a call out of this class but the pooled object's multiplex limit.
 */
final class FreeListPool<P> implements Pool<P> {
    private static final int RESERVED = -1;
    private static final int LIVE = 0;
    private static final int TERMINATED = -1;
    private static final int REMOVED = -2;

    private final ReentrantLock lock = new ReentrantLock();
    private final int maxSize;
    private final ToIntFunction<P> maxMultiplex;
    private final Set<Slot> entries = new HashSet<>(); // all but the removed: reserved, enabled, terminated in use
    private final LinkedHashSet<Slot> free = new LinkedHashSet<>(); // enabled, below their limit; last freed last
    private volatile boolean terminated;

    /** A pool of at most {@code maxSize} entries (0 or less: unbounded), each used at most {@code maxMultiplex}. */
    FreeListPool(int maxSize, ToIntFunction<P> maxMultiplex) {
        this.maxSize = maxSize;
        this.maxMultiplex = Objects.requireNonNull(maxMultiplex);
    }

    /**
     * Jetty's connection pool over a {@code FreeListPool}, for HTTP/1.1 and HTTP/2 alike: what
     * {@code HttpClientTransportDynamic} uses by default ({@code MultiplexConnectionPool}, one request per
     * connection until the protocol says more), with this pool in place of {@code ConcurrentPool}.
     */
    static final class Connections extends AbstractConnectionPool {
        private final long keepAliveMillis;

        /**
         * @param keepAliveMillis the idle timeout an HTTP/1.1 connection is given back with: how long it stays open
         *                        unused (a request sets its own while it runs, and Jetty puts this one back after)
         */
        Connections(Destination destination, int maxConnections, long keepAliveMillis) {
            super(destination, () -> new FreeListPool<>(maxConnections, MultiplexConnectionPool.newMaxMultiplexer(1)),
                    1);
            this.keepAliveMillis = keepAliveMillis;
        }

        @Override
        public boolean release(Connection connection) {
            // before it is free, so no request taking it meanwhile has its own timeout overwritten
            // (an HTTP/1.1 connection is an I/O connection of its own; an HTTP/2 stream's is its session's)
            if (connection instanceof org.eclipse.jetty.io.Connection http1) http1.getEndPoint().setIdleTimeout(keepAliveMillis);
            return super.release(connection);
        }
    }

    @Override
    public Entry<P> reserve() {
        lock.lock();
        try {
            if (terminated || (maxSize > 0 && entries.size() >= maxSize)) return null;
            Slot slot = new Slot();
            entries.add(slot);
            return slot;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public Entry<P> acquire() {
        lock.lock();
        try {
            while (!terminated && !free.isEmpty()) {
                Slot slot = free.getLast();
                int max = maxMultiplex.applyAsInt(slot.pooled);
                if (max <= 0 || slot.uses < max) {
                    slot.uses++;
                    if (max > 0 && slot.uses >= max) free.removeLast();
                    return slot;
                }
                free.removeLast(); // its limit went down meanwhile: back on the list once a use is released
            }
            return null;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public boolean isTerminated() {
        return terminated;
    }

    @Override
    public Collection<Entry<P>> terminate() {
        lock.lock();
        try {
            terminated = true;
            List<Entry<P>> all = new ArrayList<>(entries);
            for (Slot slot : entries) {
                if (slot.end == LIVE) slot.end = TERMINATED;
            }
            entries.clear();
            free.clear();
            return all;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public int size() {
        lock.lock();
        try {
            return entries.size();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public int getMaxSize() {
        return maxSize;
    }

    @Override
    public Stream<Entry<P>> stream() {
        lock.lock();
        try {
            return new ArrayList<Entry<P>>(entries).stream();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public int getIdleCount() {
        return (int) stream().filter(Entry::isIdle).count();
    }

    @Override
    public String toString() {
        return "FreeListPool[size=" + size() + ",max=" + maxSize + ",terminated=" + terminated + "]";
    }

    /** One pooled object's place: how many use it now (-1 while reserved), and whether it was removed. */
    private final class Slot implements Entry<P> {
        private volatile int uses = RESERVED;
        private volatile int end = LIVE;
        private P pooled; // set once, under the lock, before uses says it is enabled

        @Override
        public boolean enable(P object, boolean acquire) {
            Objects.requireNonNull(object);
            lock.lock();
            try {
                if (end != LIVE) return false;
                if (uses != RESERVED) throw new IllegalStateException("entry already enabled: " + this);
                pooled = object;
                uses = acquire ? 1 : 0;
                int max = maxMultiplex.applyAsInt(object);
                if (max <= 0 || uses < max) free.addLast(this);
                return true;
            } finally {
                lock.unlock();
            }
        }

        @Override
        public P getPooled() {
            return pooled;
        }

        /** Gives back one use; false when the entry is removed or terminated (the caller then removes it). */
        @Override
        public boolean release() {
            lock.lock();
            try {
                if (end != LIVE || uses <= 0) return false;
                uses--;
                free.addLast(this); // moved to the end if it was there: the most recently freed is taken first
                return true;
            } finally {
                lock.unlock();
            }
        }

        /**
         * Removes the entry, or, while others still use it, one use of it: true when it is gone (its object can
         * be closed), false when it was gone already or is still in use.
         */
        @Override
        public boolean remove() {
            lock.lock();
            try {
                if (end == REMOVED) return false;
                if (uses > 0) uses--;
                free.remove(this);
                if (uses > 0) {
                    end = TERMINATED;
                    return false;
                }
                end = REMOVED;
                entries.remove(this);
                return true;
            } finally {
                lock.unlock();
            }
        }

        @Override
        public boolean isReserved() {
            return uses < 0;
        }

        @Override
        public boolean isIdle() {
            return uses == 0;
        }

        @Override
        public boolean isInUse() {
            return uses > 0;
        }

        @Override
        public boolean isTerminated() {
            return end != LIVE;
        }

        @Override
        public String toString() {
            return "FreeListPool.Slot[uses=" + uses + ",end=" + end + ",pooled=" + pooled + "]";
        }
    }
}
