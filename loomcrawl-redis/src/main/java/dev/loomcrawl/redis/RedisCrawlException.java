package dev.loomcrawl.redis;

/**
 * A distributed crawl cannot go on: Redis is unreachable or refuses, the crawl's saved configuration conflicts
 * with this process's options, or the crawl does not exist. The message is one line, for the person running it.
 */
public final class RedisCrawlException extends RuntimeException {
    private final boolean outage;

    public RedisCrawlException(String message) {
        this(message, null, false);
    }

    public RedisCrawlException(String message, Throwable cause) {
        this(message, cause, false);
    }

    private RedisCrawlException(String message, Throwable cause, boolean outage) {
        super(message, cause);
        this.outage = outage;
    }

    /** Redis stayed away longer than the outage bound ({@code --redis-outage}): it may answer again later. */
    static RedisCrawlException outage(String message, Throwable cause) {
        return new RedisCrawlException(message, cause, true);
    }

    /** Whether this is an outage that outlasted its bound, rather than a refusal or a conflict. */
    public boolean outage() {
        return outage;
    }
}
