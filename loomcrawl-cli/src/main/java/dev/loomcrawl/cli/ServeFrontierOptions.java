package dev.loomcrawl.cli;

import dev.loomcrawl.serve.SharedOptions;
import picocli.CommandLine.Option;

import java.time.Duration;

/**
 * {@code serve --frontier redis://...}: this server shares its jobs with every server started with the same Redis
 * (docs/serve.md, "Many servers on one Redis"): a job created on any of them is crawled by all and readable from any.
 */
final class ServeFrontierOptions {
    @Option(names = "--frontier", paramLabel = "URI",
            description = "Share the jobs through Redis at URI (redis://[user:pass@]host:port[/db], or any node of a "
                    + "Redis Cluster) with every server started with the same URI.")
    String uri;

    @Option(names = "--lease-time", paramLabel = "DURATION", converter = Converters.DurationConverter.class,
            description = "With --frontier: how soon the pages in flight on a server that died or froze go to "
                    + "another (default 30s).")
    Duration leaseTime = SharedOptions.DEFAULT_LEASE_TIME;

    @Option(names = "--redis-outage", paramLabel = "DURATION", converter = Converters.DurationConverter.class,
            description = "With --frontier: how long to wait out Redis being unreachable, restarting or failing over "
                    + "before a job's run on this server stops (default 2m).")
    Duration redisOutage = SharedOptions.DEFAULT_OUTAGE;

    /** The sharing asked for; null without --frontier. */
    SharedOptions shared() {
        if (uri == null) return null;
        if (!uri.startsWith("redis://") && !uri.startsWith("rediss://")) {
            throw new IllegalArgumentException("--frontier takes a Redis URI, redis://[user:pass@]host:port[/db]: '"
                    + uri + "'");
        }
        return new SharedOptions(uri, leaseTime, redisOutage);
    }
}
