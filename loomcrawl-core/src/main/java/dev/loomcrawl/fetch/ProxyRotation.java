package dev.loomcrawl.fetch;

import dev.loomcrawl.url.Origin;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.LongSupplier;

/**
 * Which proxy each origin's requests go through. An origin keeps the proxy it was given, so that its pacing and
 * its connections stay in one place; new origins are dealt round-robin over the proxies in service. A proxy that
 * fails (it cannot be connected to) is set aside for a while, doubling from {@link #FIRST_PAUSE} up to
 * {@link #LONGEST_PAUSE} each time it fails again, and the origins it had move to others as they next fetch. When
 * every proxy is set aside, the one that comes back first is used.
 */
public final class ProxyRotation {
    static final Duration FIRST_PAUSE = Duration.ofSeconds(15);
    static final Duration LONGEST_PAUSE = Duration.ofMinutes(10);

    private final List<ProxySpec> proxies;
    private final LongSupplier clock;
    private final Map<Origin, Integer> assigned = new ConcurrentHashMap<>();
    private final AtomicLongArray asideUntil;
    private final AtomicLongArray pause;
    private final AtomicInteger next = new AtomicInteger();

    public ProxyRotation(List<ProxySpec> proxies) {
        this(proxies, System::nanoTime);
    }

    ProxyRotation(List<ProxySpec> proxies, LongSupplier nanoClock) {
        if (proxies.isEmpty()) throw new IllegalArgumentException("no proxies to rotate");
        this.proxies = List.copyOf(proxies);
        this.clock = nanoClock;
        this.asideUntil = new AtomicLongArray(proxies.size());
        this.pause = new AtomicLongArray(proxies.size());
    }

    public List<ProxySpec> proxies() {
        return proxies;
    }

    /** The index of the proxy that {@code origin}'s next request goes through. */
    public int proxyFor(Origin origin) {
        Integer current = assigned.get(origin);
        if (current != null && inService(current)) return current;
        int chosen = choose();
        assigned.put(origin, chosen);
        return chosen;
    }

    /** The proxy {@code index} could not be connected to: set it aside, longer each time in a row. */
    public void failed(int index) {
        long p = pause.updateAndGet(index, prev -> prev == 0 ? FIRST_PAUSE.toNanos()
                : Math.min(2 * prev, LONGEST_PAUSE.toNanos()));
        asideUntil.set(index, clock.getAsLong() + p);
    }

    /** The proxy {@code index} answered: its next failure is set aside for the shortest time again. */
    public void worked(int index) {
        if (pause.get(index) != 0 && inService(index)) pause.set(index, 0);
    }

    boolean inService(int index) {
        return asideUntil.get(index) - clock.getAsLong() <= 0;
    }

    private int choose() {
        int n = proxies.size();
        int start = Math.floorMod(next.getAndIncrement(), n);
        for (int i = 0; i < n; i++) {
            int candidate = (start + i) % n;
            if (inService(candidate)) return candidate;
        }
        int soonest = 0; // all set aside: the one back first
        for (int i = 1; i < n; i++) if (asideUntil.get(i) - asideUntil.get(soonest) < 0) soonest = i;
        return soonest;
    }
}
