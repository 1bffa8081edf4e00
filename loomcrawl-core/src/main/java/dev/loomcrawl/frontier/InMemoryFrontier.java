package dev.loomcrawl.frontier;

import dev.loomcrawl.url.WebUrl;

import java.util.ArrayDeque;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A first-in first-out frontier in memory (so the crawl is breadth-first, as the seed's). The seen set is a
 * concurrent set of serialised URLs, whose {@code add} is the atomic check-and-add; the queue and the in-flight
 * count share one lock, held only for a few field updates.
 */
public final class InMemoryFrontier implements Frontier {
    private final Set<String> seen = ConcurrentHashMap.newKeySet();
    private final ArrayDeque<Visit> queue = new ArrayDeque<>();
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private int inFlight;
    private boolean stopped;

    @Override
    public boolean offer(Visit visit) {
        if (!seen.add(visit.url().toString())) return false;
        lock.lock();
        try {
            queue.addLast(visit);
            changed.signal();
        } finally {
            lock.unlock();
        }
        return true;
    }

    @Override
    public boolean seen(WebUrl url) {
        return seen.contains(url.toString());
    }

    @Override
    public Visit take() throws InterruptedException {
        lock.lock();
        try {
            while (!stopped && queue.isEmpty() && inFlight > 0) changed.await();
            if (stopped || queue.isEmpty()) {
                changed.signalAll(); // the crawl is over: wake every other taker too
                return null;
            }
            inFlight++;
            return queue.pollFirst();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void done(Visit visit) {
        lock.lock();
        try {
            inFlight--;
            if (inFlight == 0 && queue.isEmpty()) changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void stop() {
        lock.lock();
        try {
            stopped = true;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public int queued() {
        lock.lock();
        try {
            return queue.size();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public int inFlight() {
        lock.lock();
        try {
            return inFlight;
        } finally {
            lock.unlock();
        }
    }
}
