package dev.loomcrawl.fetch;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The crawl-wide bound on response bodies held in memory: the bytes of every body being received, decoded, or
 * waiting to be processed, together. Each fetch has a {@link Claim}; before its body grows, the claim asks for the
 * bytes, and while the bound is reached the fetch waits (its connection is not read, so the server waits too)
 * until bodies already processed give theirs back, first come first served. Without it, a hundred fetches of
 * 10 MiB pages held a gigabyte, and the default heap was gone in seconds.
 *
 * <p>A wait could last for ever when every byte held belongs to fetches that are themselves waiting for more (all
 * half-received, none able to finish): then the newest of them is refused, gives its bytes back, and fails as a
 * {@link ErrorKind#MEMORY} fetch that is tried again later. A claim that holds every byte in use may go past the
 * bound, so that a body larger than the bound is still received, alone.
 *
 * <p>No lock is held while a waiting fetch is resumed: the callbacks run on threads of their own.
 */
public final class BodyMemory {
    private final long capacity;
    private final ArrayDeque<Claim> waiting = new ArrayDeque<>(); // guarded by this
    private long used; // guarded by this
    private long heldByWaiting; // guarded by this: bytes held by the claims in waiting

    /** A bound of {@code capacity} bytes (at least 1). */
    public BodyMemory(long capacity) {
        if (capacity < 1) throw new IllegalArgumentException("the body memory bound must be at least 1 byte");
        this.capacity = capacity;
    }

    /** The default bound: a quarter of the heap the JVM may grow to (128 MiB in the launcher's 512 MiB). */
    public static long defaultCapacity() {
        return Runtime.getRuntime().maxMemory() / 4;
    }

    public long capacity() {
        return capacity;
    }

    /** Bytes held now by all claims. */
    public synchronized long used() {
        return used;
    }

    /** A new claim, holding nothing, for one fetch. */
    public Claim claim() {
        return new Claim();
    }

    /** Why a claim's wait was ended without the bytes asked for. */
    public static final class Refused extends java.io.IOException {
        Refused(String message) {
            super(message);
        }
    }

    /**
     * The bytes one fetch's body holds. Its fetch holds it first ({@link #release} once when done); others may
     * {@link #retain} it to keep the bytes counted while they hold the body. The bytes go back when the last
     * holder releases it, or at once by {@link #close}.
     */
    public final class Claim {
        // all guarded by BodyMemory.this
        private long held;
        private long wanted;
        private Runnable granted;
        private Runnable refused;
        private int holders = 1;
        private boolean closed;

        private Claim() {}

        /**
         * Asks for {@code n} more bytes. Returns true when they are this claim's at once. Otherwise returns false,
         * and later exactly one of {@code granted} (the bytes are this claim's now) or {@code refused} (they never
         * will be) runs, on a thread of its own; neither runs if the claim is closed first.
         */
        public boolean grow(long n, Runnable granted, Runnable refused) {
            List<Runnable> actions;
            synchronized (BodyMemory.this) {
                if (closed) {
                    actions = List.of(refused);
                } else if (waiting.isEmpty() && fits(this, n)) {
                    used += n;
                    held += n;
                    return true;
                } else {
                    wanted = n;
                    this.granted = granted;
                    this.refused = refused;
                    waiting.addLast(this);
                    heldByWaiting += held;
                    actions = settle();
                }
            }
            run(actions);
            return false;
        }

        /**
         * Asks for {@code n} more bytes and waits for them, up to {@code timeoutNanos}.
         *
         * @throws Refused when they cannot be had: refused (see the class), not given in time, or closed
         */
        public void await(long n, long timeoutNanos) throws Refused, InterruptedException {
            CountDownLatch answered = new CountDownLatch(1);
            boolean[] refusal = new boolean[1];
            if (grow(n, answered::countDown, () -> {
                refusal[0] = true;
                answered.countDown();
            })) return;
            if (!answered.await(timeoutNanos, TimeUnit.NANOSECONDS)) {
                synchronized (BodyMemory.this) {
                    if (waiting.contains(this)) {
                        leaveQueue();
                        throw new Refused("waited " + TimeUnit.NANOSECONDS.toSeconds(timeoutNanos)
                                + " s for room for " + n + " bytes of body (the body memory bound is " + capacity
                                + " bytes)");
                    }
                }
                // answered just now: its callback is on its way
                if (!answered.await(10, TimeUnit.SECONDS)) throw new Refused("the body memory bound did not answer");
            }
            if (refusal[0]) throw refusal();
        }

        /** Keeps the bytes counted until a matching {@link #release}. */
        public void retain() {
            synchronized (BodyMemory.this) {
                if (!closed) holders++;
            }
        }

        /** One holder is done; when it was the last, the bytes go back. */
        public void release() {
            List<Runnable> actions;
            synchronized (BodyMemory.this) {
                if (closed || --holders > 0) return;
                actions = giveBack();
            }
            run(actions);
        }

        /** Gives every byte back now, whoever still holds the body (which is then no longer counted). */
        public void close() {
            List<Runnable> actions;
            synchronized (BodyMemory.this) {
                if (closed) return;
                actions = giveBack();
            }
            run(actions);
        }

        /** Why a wait for room was refused: every byte in use was held by fetches waiting for more. */
        public Refused refusal() {
            return new Refused("no room for the body: all " + capacity + " bytes of the body memory bound were held "
                    + "by fetches waiting for more (--max-body-memory)");
        }

        /** Bytes this claim holds now. */
        public long held() {
            synchronized (BodyMemory.this) {
                return held;
            }
        }

        private List<Runnable> giveBack() {
            closed = true;
            if (wanted > 0) leaveQueue();
            used -= held;
            held = 0;
            return settle();
        }

        private void leaveQueue() {
            waiting.remove(this);
            heldByWaiting -= held;
            wanted = 0;
            granted = null;
            refused = null;
        }
    }

    /** Whether {@code n} more bytes for {@code c} keep within the bound, or {@code c} holds every byte in use. */
    private boolean fits(Claim c, long n) {
        return used + n <= capacity || used == c.held;
    }

    /**
     * Grants the waiting claims in order while they fit; when the first one does not and every byte in use is
     * held by waiting claims (no body will come back), refuses the newest waiting claim holding bytes and goes on.
     * Returns the callbacks to run, outside the lock.
     */
    private List<Runnable> settle() {
        List<Runnable> actions = new ArrayList<>();
        while (!waiting.isEmpty()) {
            Claim first = waiting.peekFirst();
            if (fits(first, first.wanted)) {
                waiting.pollFirst();
                heldByWaiting -= first.held;
                used += first.wanted;
                first.held += first.wanted;
                actions.add(first.granted);
                first.wanted = 0;
                first.granted = null;
                first.refused = null;
                continue;
            }
            if (used > heldByWaiting) break; // a body not waiting will be given back
            Claim newest = null; // the newest waiting claim that holds bytes: refused, it makes room
            for (var it = waiting.descendingIterator(); it.hasNext(); ) {
                Claim c = it.next();
                if (c.held > 0) {
                    newest = c;
                    break;
                }
            }
            if (newest == null) break; // nothing is held at all: the first one fits (cannot happen)
            Runnable refusedAction = newest.refused;
            newest.leaveQueue();
            used -= newest.held;
            newest.held = 0;
            actions.add(refusedAction);
        }
        return actions;
    }

    private static void run(List<Runnable> actions) {
        for (Runnable action : actions) Thread.ofVirtual().name("loomcrawl-body-memory").start(action);
    }
}
