package dev.loomcrawl.state;

/**
 * A crawl's state could not be read or written: a file that is not a state file, is corrupt, was written by a
 * newer version or belongs to another crawl; a full disk; a read-only file. The message is one line, meant
 * for the person running the crawl, and names the file.
 */
public final class StateException extends RuntimeException {
    /** How the advice to resume ends a message. */
    private static final String RESUME = "resume the crawl from ";

    private final String resumeFrom;

    public StateException(String message) {
        this(message, null);
    }

    public StateException(String message, Throwable cause) {
        super(message, cause);
        this.resumeFrom = null;
    }

    private StateException(String message, Throwable cause, String resumeFrom) {
        super(message + RESUME + resumeFrom, cause);
        this.resumeFrom = resumeFrom;
    }

    /**
     * A failure after which the crawl can go on from {@code location} once its cause is dealt with: the message is
     * {@code message} followed by the advice, "resume the crawl from LOCATION".
     */
    public static StateException resumable(String message, Throwable cause, Object location) {
        return new StateException(message, cause, String.valueOf(location));
    }

    /**
     * The same failure said after {@code context} ("crawl stopped: ..."): resumable from where this one is, if it
     * is.
     */
    public static StateException within(String context, StateException e) {
        return e.resumeFrom == null ? new StateException(context + e.getMessage(), e)
                : new StateException(context + e.withoutAdvice(), e, e.resumeFrom);
    }

    /** Where the message advises to resume the crawl from (a state file), or null when it gives no such advice. */
    public String resumeFrom() {
        return resumeFrom;
    }

    /** The message without its advice to resume (all of it when it gives none), to say the advice otherwise. */
    public String withoutAdvice() {
        String m = getMessage();
        return resumeFrom == null ? m : m.substring(0, m.length() - RESUME.length() - resumeFrom.length());
    }
}
