package dev.loomcrawl.redis;

import dev.loomcrawl.url.Origin;

import java.util.regex.Pattern;

/**
 * The Redis keys of one crawl, laid out for Redis Cluster. Keys about the whole crawl share the hash tag
 * {@code {NAME}}; the keys of one origin share the hash tag {@code {NAME|ORIGIN}}. Every script touches the
 * keys of one tag only, so a crawl's origins spread over a cluster's shards while each origin's queue, seen
 * set and leases change together, atomically. The data model is in docs/distributed.md.
 */
record CrawlKeys(String crawlId) {
    private static final Pattern ID = Pattern.compile("[A-Za-z0-9._-]{1,64}");

    CrawlKeys {
        if (!ID.matcher(crawlId).matches()) {
            throw new IllegalArgumentException("--crawl-id must be 1 to 64 letters, digits, '.', '_' or '-': '"
                    + crawlId + "'");
        }
    }

    private String crawl(String name) {
        return "loomcrawl:{" + crawlId + "}:" + name;
    }

    /** The crawl's configuration, as ConfigCodec settings (a hash: index to "name=value"). */
    String config() {
        return crawl("config");
    }

    /** Facts about the crawl: when it was created, when it finished. */
    String meta() {
        return crawl("meta");
    }

    /** Every origin that ever had a URL queued (a set), for sweeps and reports. */
    String origins() {
        return crawl("origins");
    }

    /** Origins worth a look, scored by when (server time, ms): the crawl's schedule. */
    String due() {
        return crawl("due");
    }

    /** For each origin, the server time (µs) of the information its {@link #due()} score came from. */
    String hinted() {
        return crawl("hinted");
    }

    /** The pub/sub channel on which origins that became due are announced (not a key: channels are global). */
    String wakeChannel() {
        return crawl("wake");
    }

    /** URLs dropped by a limit, counted by reason (a hash). */
    String dropped() {
        return crawl("dropped");
    }

    /** Every process that joined the crawl (a hash: process id to "server ms, then its line", see beat.lua). */
    String processes() {
        return crawl("processes");
    }

    /** The counts the crawl's budgets are kept against (a hash): {@code pages} started, body {@code bytes}. */
    String budget() {
        return crawl("budget");
    }

    /** URLs queued per host, for {@code --max-pages-per-host} (a hash: host to count). */
    String hostPages() {
        return crawl("host-pages");
    }

    /** An origin's robots.txt as some process fetched it (a hash: url, status, type, body in base 64). */
    String robots(String origin) {
        return "loomcrawl:{" + crawlId + "|" + origin + "}:robots";
    }

    /** Held (with an expiry) by the process fetching an origin's robots.txt for the whole crawl. */
    String robotsClaim(String origin) {
        return "loomcrawl:{" + crawlId + "|" + origin + "}:robots-claim";
    }

    /** The keys of the crawl-wide scheduling scripts (hint, pick): due, hinted, meta. */
    String[] schedule() {
        return new String[] {due(), hinted(), meta()};
    }

    /**
     * The eight keys of one origin, in the order the origin scripts expect: queue (a list of visits), seen (a
     * set of URL fingerprints), leases (token to expiry), leased (token to visit), active (token to expiry:
     * fetches holding a politeness slot), state (a hash: next allowed start, Crawl-delay), records (a list),
     * ended (token to completion time: the recent completions, so that a repeated one is known as such).
     */
    String[] origin(Origin origin) {
        return origin(origin.toString());
    }

    String[] origin(String origin) {
        String tag = "loomcrawl:{" + crawlId + "|" + origin + "}:";
        return new String[] {tag + "queue", tag + "seen", tag + "leases", tag + "leased", tag + "active",
                tag + "state", tag + "records", tag + "ended"};
    }

    /** Indexes into {@link #origin(Origin)}. */
    static final int QUEUE = 0, SEEN = 1, LEASES = 2, LEASED = 3, RECORDS = 6, ENDED = 7;
}
