package dev.loomcrawl.frontier;

import dev.loomcrawl.url.Origin;

import java.time.Duration;
import java.util.Optional;

/**
 * Where the processes of one shared crawl (on a frontier they share) keep the robots.txt files they fetched, so that
 * each origin's file is fetched once for the whole crawl. Only answers that are rules are kept (a 2xx file, or a 4xx:
 * allow all); an unavailable or unreachable file is each process's to retry.
 */
public interface SharedRobots {
    /**
     * A robots.txt answer as fetched.
     *
     * @param url         the file's URL after redirects
     * @param status      its HTTP status (2xx: the rules are in {@code body}; 4xx: allow all)
     * @param contentType its Content-Type, or null
     * @param body        the file, cut at the size the gate parses
     */
    record Answer(String url, int status, String contentType, byte[] body) {}

    /** The origin's file as some process fetched it within its maximum age, if any. */
    Optional<Answer> get(Origin origin);

    /**
     * Claims the fetch of the origin's file for at most {@code claimFor}: true if this process should fetch it,
     * false if another process is fetching it now (then {@link #get} soon has it).
     */
    boolean claim(Origin origin, Duration claimFor);

    /** Keeps the origin's file for every process, for {@code maxAge}. */
    void put(Origin origin, Answer answer, Duration maxAge);
}
