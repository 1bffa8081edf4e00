package dev.loomcrawl.state;

import dev.loomcrawl.result.Change;

import java.time.Duration;

/**
 * Which known URLs a new pass of a crawl revisits. A URL is due when its last capture is at least
 * {@code minAge} old and, with {@code adaptive}, at least its own revisit interval old.
 *
 * <p>The interval adapts as Nutch's {@code AdaptiveFetchSchedule} does: every capture of a URL multiplies it by
 * {@code 1 + 0.4} when the URL had not changed (not modified, or the same payload) and by {@code 1 - 0.2} when it
 * had (changed, or gone), and keeps it between {@link #MIN_INTERVAL} and {@link #MAX_INTERVAL}; a URL's first
 * capture gives it {@link #INITIAL_INTERVAL}. So a page that changes at every pass is revisited ever sooner, down
 * to once a minute, and a page that never changes ever later, up to once a year:
 * {@code interval(n+1) = clamp(interval(n) x (unchanged ? 1.4 : 0.8), 1 min, 365 d)}.
 *
 * @param minAge   revisit only URLs last captured at least this long ago (zero: every URL)
 * @param adaptive also wait for each URL's own interval
 */
public record RevisitPolicy(Duration minAge, boolean adaptive) {
    /** Every known URL, whatever its age. */
    public static final RevisitPolicy ALL = new RevisitPolicy(Duration.ZERO, false);
    public static final Duration INITIAL_INTERVAL = Duration.ofDays(1);
    public static final Duration MIN_INTERVAL = Duration.ofMinutes(1);
    public static final Duration MAX_INTERVAL = Duration.ofDays(365);
    /** Nutch's {@code db.fetch.schedule.adaptive.inc_rate} and {@code dec_rate}, at their defaults. */
    static final double INC_RATE = 0.4, DEC_RATE = 0.2;

    public RevisitPolicy {
        if (minAge.isNegative()) throw new IllegalArgumentException("minAge must not be negative, got " + minAge);
    }

    /** What a capture that found {@code change} multiplies the URL's interval by (1 for a first capture). */
    public static double factor(Change change) {
        if (change == null) return 1;
        return switch (change) {
            case NOT_MODIFIED, UNCHANGED, TEMPLATE_CHANGED -> 1 + INC_RATE; // what it says stayed the same
            case CHANGED, GONE -> 1 - DEC_RATE;
        };
    }

    /** The interval after a capture that found {@code change}, from {@code interval} (null: none yet). */
    public static Duration next(Duration interval, Change change) {
        long ms = Math.round((interval == null ? INITIAL_INTERVAL : interval).toMillis() * factor(change));
        return Duration.ofMillis(Math.clamp(ms, MIN_INTERVAL.toMillis(), MAX_INTERVAL.toMillis()));
    }
}
