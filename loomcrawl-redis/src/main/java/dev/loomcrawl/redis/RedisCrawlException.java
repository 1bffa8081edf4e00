package dev.loomcrawl.redis;

/**
 * A distributed crawl cannot go on: Redis is unreachable or refuses, the crawl's saved configuration conflicts
 * with this process's options, or the crawl does not exist. The message is one line, for the person running it.
 */
public final class RedisCrawlException extends RuntimeException {
    public RedisCrawlException(String message) {
        super(message);
    }

    public RedisCrawlException(String message, Throwable cause) {
        super(message, cause);
    }
}
