package dev.loomcrawl.config;

import java.nio.file.Path;
import java.time.Duration;

/**
 * Where a crawl keeps its frontier, seen set and records: the rows of {@link SettingGroup#STATE}. In memory (with
 * {@code spillDir} for what outgrows it) when neither {@code file} nor {@code frontier} is given.
 *
 * @param file        a state file to create (SQLite), which {@code loomcrawl resume} continues
 * @param links       with {@code file}: also keep every link of every page
 * @param spillDir    without {@code file}: where the queue and the report's records go once they outgrow memory
 * @param frontier    a Redis URI: the crawl is shared with every process given the same {@code crawlId}
 * @param leaseTime   how soon the URLs in flight in a process that died go back to a shared crawl's queue
 * @param redisOutage how long a process waits out Redis being unreachable
 */
public record StateSettings(Path file, boolean links, Path spillDir, String frontier, String crawlId,
                            Duration leaseTime, Duration redisOutage) {
    public static final Duration LEASE_TIME = Duration.ofSeconds(30);
    public static final Duration REDIS_OUTAGE = Duration.ofMinutes(2);
    /** In memory. */
    public static final StateSettings MEMORY = new StateSettings(null, false, null, null, null, LEASE_TIME,
            REDIS_OUTAGE);
}
