package dev.loomcrawl.redis;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Redis as one process sees it through one link: up, or out since some moment. An outage starts when a call
 * fails for a reason Redis recovers from (a lost connection, a restart loading its AOF, a cluster failing over)
 * and ends when no call is failing any more. An outage that lasts {@link #SAID_AFTER} or more is said in one
 * warning line then and one when it ends, however many calls wait meanwhile; a blip (a reconnect, a node's
 * connection being opened) is only repeated. A call waits at most {@code bound} from the start of the outage, so every
 * call of the process gives up together, with one message.
 */
final class Outage {
    private static final Logger log = LoggerFactory.getLogger(Outage.class);

    /** How long an outage lasts before it is said: shorter ones are blips, repeated without a word. */
    static final Duration SAID_AFTER = Duration.ofSeconds(1);

    private final String where;
    private final Duration bound;
    private final ReentrantLock lock = new ReentrantLock();
    private final List<Runnable> onRecovery = new CopyOnWriteArrayList<>();
    private int failing; // calls now waiting for Redis to come back
    private long startedNanos;
    private volatile boolean out; // written under the lock; read without it by overBound's fast path
    private boolean said;
    private String why = "";

    Outage(String where, Duration bound) {
        this.where = where;
        this.bound = bound;
    }

    Duration bound() {
        return bound;
    }

    /** Runs {@code action} (on the thread whose call saw Redis back) at the end of each outage. */
    void onRecovery(Runnable action) {
        onRecovery.add(action);
    }

    /**
     * A call failed, for the first time ({@code first}) or again, because of {@code why}; the try that failed
     * was sent at {@code triedNanos} ({@link System#nanoTime()}). An outage starts when the first failing try was
     * sent: a server that hangs has been gone since then, not since the command timed out.
     */
    void failed(boolean first, String why, long triedNanos) {
        boolean say = false;
        lock.lock();
        try {
            if (first) failing++;
            this.why = why;
            if (!out) {
                out = true;
                said = false;
                startedNanos = triedNanos;
            } else if (!said && System.nanoTime() - startedNanos >= SAID_AFTER.toNanos()) {
                said = true;
                say = true;
            }
        } finally {
            lock.unlock();
        }
        if (say) {
            log.warn("Redis went away at {} ({}); waiting up to {} for it to come back", where, why, show(bound));
        }
    }

    /** Why the last call failed. */
    String why() {
        lock.lock();
        try {
            return why;
        } finally {
            lock.unlock();
        }
    }

    /** Whether the outage has lasted longer than the bound. */
    boolean overBound() {
        if (!out) return false; // every call asks before it is sent: no lock while Redis is up
        lock.lock();
        try {
            return out && System.nanoTime() - startedNanos > bound.toNanos();
        } finally {
            lock.unlock();
        }
    }

    /** A call that had failed ended: {@code succeeded}, or gave up (interrupted, refused, past the bound). */
    void ended(boolean succeeded) {
        long lasted = -1;
        boolean recovered = false;
        lock.lock();
        try {
            failing--;
            if (failing == 0 && out && succeeded) {
                out = false;
                recovered = true;
                if (said) lasted = System.nanoTime() - startedNanos;
            }
        } finally {
            lock.unlock();
        }
        if (lasted >= 0) log.warn("Redis is back at {} after {}", where, show(Duration.ofNanos(lasted)));
        if (lasted >= 0 || recovered) onRecovery.forEach(Runnable::run);
    }

    private static String show(Duration d) {
        long s = d.toSeconds();
        if (s < 120) return s == 0 ? d.toMillis() + " ms" : s + " s";
        return s % 60 == 0 ? s / 60 + " min" : s / 60 + " min " + s % 60 + " s";
    }
}
