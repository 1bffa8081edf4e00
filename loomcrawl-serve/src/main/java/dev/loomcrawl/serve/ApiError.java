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

    public ApiError(int status, String message) {
        this(status, message, 0);
    }

    public ApiError(int status, String message, int retryAfter) {
        super(message, null, false, false);
        this.status = status;
        this.retryAfter = retryAfter;
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
