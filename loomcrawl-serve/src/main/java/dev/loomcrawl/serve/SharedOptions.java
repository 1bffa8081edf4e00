package dev.loomcrawl.serve;

import java.time.Duration;

/**
 * How a server shares its jobs with the other servers started with the same {@code --frontier} ({@link SharedJobs}).
 *
 * @param frontier  the Redis server or cluster node, {@code redis://HOST:PORT[/db]}
 * @param leaseTime how long a page taken by a server that stops renewing (killed, frozen) stays its own before
 *                  another server takes it ({@code crawl --lease-time})
 * @param outage    how long an outage of Redis is waited out before a job's run stops ({@code crawl --redis-outage})
 */
public record SharedOptions(String frontier, Duration leaseTime, Duration outage) {
    public static final Duration DEFAULT_LEASE_TIME = Duration.ofSeconds(30);
    public static final Duration DEFAULT_OUTAGE = Duration.ofMinutes(2);

    public SharedOptions {
        java.util.Objects.requireNonNull(frontier, "frontier");
        if (leaseTime.toMillis() < 1000) {
            throw new IllegalArgumentException("--lease-time must be at least 1s, got " + leaseTime);
        }
        if (outage.toMillis() < 1000) {
            throw new IllegalArgumentException("--redis-outage must be at least 1s, got " + outage);
        }
    }
}
