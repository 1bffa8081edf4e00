package dev.loomcrawl.redis;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;

/**
 * One process of a shared crawl as it last told the crawl (once a second while it runs, and once when it ends).
 *
 * @param id         the process's id in the crawl (its lease tokens start with it)
 * @param state      "alive" (heard of within {@link #GONE_AFTER}), "ended" (it closed its frontier) or "gone"
 *                   (no word for longer: killed, frozen or cut off from Redis)
 * @param host       its machine's name
 * @param pid        its process id there
 * @param startedMs  when it joined (its own clock, epoch ms)
 * @param lastSeenMs when it was last heard of (Redis's clock, epoch ms)
 * @param done       visits it completed
 * @param errors     those among them that failed or answered 4xx/5xx
 * @param inFlight   visits it held when last heard of
 */
public record ProcessStatus(String id, String state, String host, long pid, long startedMs, long lastSeenMs,
                            long done, long errors, int inFlight) {
    /** How long a running process may be silent before it counts as gone. */
    public static final Duration GONE_AFTER = Duration.ofSeconds(5);

    /** What a process says of itself: its state ("running" or "ended") and counts, its host and pid. */
    static String line(String state, long startedMs, long done, long errors, int inFlight) {
        return state + " " + startedMs + " " + done + " " + errors + " " + inFlight + " "
                + ProcessHandle.current().pid() + " " + HOST;
    }

    /** Reads what beat.lua kept ("server ms" then {@link #line}), as seen at {@code nowMs} (Redis's clock). */
    static ProcessStatus parse(String id, String kept, long nowMs) {
        String[] f = kept.split(" ", 8);
        long lastSeen = Long.parseLong(f[0]);
        String state = f[1].equals("ended") ? "ended" : nowMs - lastSeen > GONE_AFTER.toMillis() ? "gone" : "alive";
        return new ProcessStatus(id, state, f.length > 7 ? f[7] : "?", Long.parseLong(f[6]), Long.parseLong(f[2]),
                lastSeen, Long.parseLong(f[3]), Long.parseLong(f[4]), Integer.parseInt(f[5]));
    }

    /** Pages a second over the time it ran (up to when it was last heard of). */
    public double pagesPerSecond() {
        long ms = lastSeenMs - startedMs;
        return ms <= 0 ? 0 : done * 1000.0 / ms;
    }

    private static final String HOST = hostName();

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName().replace(' ', '_');
        } catch (UnknownHostException e) {
            return "unknown";
        }
    }
}
