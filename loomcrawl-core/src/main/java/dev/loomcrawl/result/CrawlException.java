package dev.loomcrawl.result;

/** A failure that ended the whole crawl (a listener, such as an output file, could not go on). */
public final class CrawlException extends RuntimeException {
    public CrawlException(String message, Throwable cause) {
        super(message, cause);
    }
}
