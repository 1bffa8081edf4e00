package dev.loomcrawl.serve;

/**
 * A request the service answers with an error status and one line saying why, in Firecrawl's error shape
 * ({@code {"success": false, "error": "..."}}). Thrown by the request parsers and the endpoints; never carries a
 * stack trace to the client.
 *
 * @param status     the HTTP status (400 bad input, 401 no key, 404 unknown job, 413 body too large, 429 queue full)
 * @param retryAfter seconds for a Retry-After header, or 0 for none
 */
public final class ApiError extends RuntimeException {
    private final int status;
    private final int retryAfter;
    private final String scrapeCode;

    public ApiError(int status, String message) {
        this(status, message, 0);
    }

    public ApiError(int status, String message, int retryAfter) {
        this(status, message, retryAfter, null);
    }

    private ApiError(int status, String message, int retryAfter, String scrapeCode) {
        super(message, null, false, false);
        this.status = status;
        this.retryAfter = retryAfter;
        this.scrapeCode = scrapeCode;
    }

    /**
     * A scrape whose fetch failed: 502 (the site failed, not the server), and Firecrawl's code for it
     * ({@code SCRAPE_TIMEOUT}, {@code SCRAPE_SSL_ERROR}, {@code SCRAPE_DNS_RESOLUTION_ERROR},
     * {@code SCRAPE_SITE_ERROR}), with which Firecrawl's API answers it as Firecrawl does ({@link #scrapeCode}).
     */
    static ApiError scrapeFailed(dev.loomcrawl.fetch.ErrorKind kind, String message) {
        String code = switch (kind) {
            case TIMEOUT -> "SCRAPE_TIMEOUT";
            case TLS -> "SCRAPE_SSL_ERROR";
            case DNS -> "SCRAPE_DNS_RESOLUTION_ERROR";
            case null, default -> "SCRAPE_SITE_ERROR";
        };
        return new ApiError(502, message, 0, code);
    }

    /** Firecrawl's code for a scrape whose fetch failed ({@link #scrapeFailed}); null for any other error. */
    String scrapeCode() {
        return scrapeCode;
    }

    public static ApiError badRequest(String message) {
        return new ApiError(400, message);
    }

    /** A feature of Firecrawl's this server does not have: 400, naming it. */
    public static ApiError unsupported(String what, String why) {
        return new ApiError(400, what + " is not supported by loomcrawl serve (" + why + ")");
    }

    /** A request's own text as an answer quotes it: its first 100 characters, "..." after them when it is longer. */
    public static String quoted(String text) {
        return text.length() > 100 ? text.substring(0, 100) + "..." : text;
    }

    public int status() {
        return status;
    }

    public int retryAfter() {
        return retryAfter;
    }
}
