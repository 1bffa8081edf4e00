package dev.loomcrawl.redis;

import dev.loomcrawl.limits.BudgetCounts;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The budget counts of a crawl shared through Redis: pages and per-host URLs are taken by an atomic script
 * (take.lua), so however many processes ask, no more than the limit are taken; bytes are added without waiting,
 * each process learning the crawl's total from the answers to its own additions. Only the limits a crawl sets
 * cost round trips: {@code CrawlLimits} asks for nothing else.
 */
final class RedisBudgetCounts implements BudgetCounts {
    private final RedisLink redis;
    private final CrawlKeys keys;
    private final AtomicLong bytes = new AtomicLong();

    RedisBudgetCounts(RedisLink redis, CrawlKeys keys) {
        this.redis = redis;
        this.keys = keys;
        String saved = redis.call(r -> r.hget(keys.budget(), "bytes"));
        if (saved != null) bytes.set(Long.parseLong(saved));
    }

    @Override
    public boolean takePage(long max) {
        return take(keys.budget(), "pages", max);
    }

    @Override
    public void returnPage() {
        redis.call(r -> r.hincrby(keys.budget(), "pages", -1));
    }

    @Override
    public void addBytes(long n) {
        redis.addLater(keys.budget(), "bytes", n, total -> bytes.accumulateAndGet(total, Math::max));
    }

    @Override
    public long bytes() {
        return bytes.get();
    }

    @Override
    public boolean takeHostPage(String host, long max) {
        return take(keys.hostPages(), host, max);
    }

    @Override
    public void returnHostPage(String host) {
        redis.call(r -> r.hincrby(keys.hostPages(), host, -1));
    }

    private boolean take(String key, String field, long max) {
        return (Long) redis.run(Script.TAKE, new String[] {key}, field, Long.toString(max)).getFirst() == 1;
    }
}
