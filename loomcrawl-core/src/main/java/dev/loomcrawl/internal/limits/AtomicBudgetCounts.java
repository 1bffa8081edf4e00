package dev.loomcrawl.internal.limits;

import dev.loomcrawl.limits.LimitUsage;
import dev.loomcrawl.limits.BudgetCounts;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/** This process's own budget counts, in memory; for a resumed crawl they go on from what earlier runs used. */
public final class AtomicBudgetCounts implements BudgetCounts {
    private final Map<String, AtomicLong> perHost = new ConcurrentHashMap<>();
    private final AtomicLong pages = new AtomicLong();
    private final AtomicLong bytes = new AtomicLong();

    public AtomicBudgetCounts(LimitUsage used) {
        pages.set(used.pages());
        bytes.set(used.bytes());
        used.perHost().forEach((host, n) -> perHost.put(host, new AtomicLong(n)));
    }

    @Override
    public boolean takePage(long max) {
        return take(pages, max);
    }

    @Override
    public void returnPage() {
        pages.decrementAndGet();
    }

    @Override
    public void addBytes(long n) {
        bytes.addAndGet(n);
    }

    @Override
    public long bytes() {
        return bytes.get();
    }

    @Override
    public boolean takeHostPage(String host, long max) {
        return take(perHost.computeIfAbsent(host, h -> new AtomicLong()), max);
    }

    @Override
    public void returnHostPage(String host) {
        perHost.computeIfAbsent(host, h -> new AtomicLong()).decrementAndGet();
    }

    private static boolean take(AtomicLong count, long max) {
        while (true) {
            long n = count.get();
            if (n >= max) return false;
            if (count.compareAndSet(n, n + 1)) return true;
        }
    }
}
