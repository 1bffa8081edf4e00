package dev.loomcrawl.serve;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;

/**
 * How {@code loomcrawl serve} runs: where it listens and keeps its jobs, who may call it, what jobs may reach, and
 * the caps no request can exceed.
 *
 * @param host          the address to listen on (default 127.0.0.1)
 * @param port          the port (default 3002, Firecrawl's; 0: any free port)
 * @param data          where each job keeps its state, results and description, a folder per job
 * @param apiKeys       the Bearer tokens accepted; empty: no key is asked for (only on a loopback address)
 * @param allowPrivate  jobs may reach loopback, private, link-local and other special addresses
 * @param allowOrigins  "host:port"s jobs may reach even when they are not public (an intranet wiki, a test site),
 *                      without opening every other one
 * @param keep          how long a finished job and its results are kept, then removed
 * @param maxPages      pages one job fetches at most (a request's limit is lowered to it)
 * @param maxJobs       crawl and batch jobs running at once; more wait in the queue
 * @param maxQueued     jobs waiting at most; past that a request is answered 429
 * @param maxScrapes    scrapes and maps (answered at once) in progress at most; past that, 429
 * @param maxBody       request body bytes at most (413 past it)
 * @param maxJobTime    how long one job (each run of it) may crawl
 * @param webhooks      how webhooks are called back
 * @param shared        the Redis the server shares its jobs through with other servers; null: its jobs are its own
 */
public record ServeOptions(String host, int port, Path data, Set<String> apiKeys, boolean allowPrivate,
                           List<String> allowOrigins, Duration keep, long maxPages, int maxJobs, int maxQueued,
                           int maxScrapes, long maxBody, Duration maxJobTime, WebhookOptions webhooks,
                           SharedOptions shared) {
    public static final String DEFAULT_HOST = "127.0.0.1";
    public static final int DEFAULT_PORT = 3002;
    public static final Path DEFAULT_DATA = Path.of("loomcrawl-serve-data");
    public static final Duration DEFAULT_KEEP = Duration.ofHours(24);
    public static final long DEFAULT_MAX_PAGES = 10_000;
    public static final int DEFAULT_MAX_JOBS = 4;
    public static final int DEFAULT_MAX_QUEUED = 100;
    public static final int DEFAULT_MAX_SCRAPES = 64;
    public static final long DEFAULT_MAX_BODY = 1 << 20;
    public static final Duration DEFAULT_MAX_JOB_TIME = Duration.ofHours(1);

    public ServeOptions {
        apiKeys = Set.copyOf(apiKeys);
        java.util.Objects.requireNonNull(webhooks, "webhooks");
        allowOrigins = List.copyOf(allowOrigins);
        require(port >= 0 && port <= 65535, "--listen's port must be between 0 and 65535, got " + port);
        require(maxPages >= 1, "--max-pages must be at least 1, got " + maxPages);
        require(maxJobs >= 1, "--max-jobs must be at least 1, got " + maxJobs);
        require(maxQueued >= 0, "--max-queued must be at least 0, got " + maxQueued);
        require(maxScrapes >= 1, "--max-scrapes must be at least 1, got " + maxScrapes);
        require(maxBody >= 1024, "--max-body must be at least 1024 bytes, got " + maxBody);
        require(keep.isPositive(), "--keep must be a positive duration, got " + keep);
        require(maxJobTime.isPositive(), "--max-job-time must be a positive duration, got " + maxJobTime);
        if (apiKeys.isEmpty() && !loopback(host)) {
            throw new IllegalArgumentException("serve listens on " + host + ", beyond this machine, only with API "
                    + "keys: give --api-key-file FILE (one key a line)");
        }
    }

    /** The options, the jobs this server's own. */
    public ServeOptions(String host, int port, Path data, Set<String> apiKeys, boolean allowPrivate,
                        List<String> allowOrigins, Duration keep, long maxPages, int maxJobs, int maxQueued,
                        int maxScrapes, long maxBody, Duration maxJobTime, WebhookOptions webhooks) {
        this(host, port, data, apiKeys, allowPrivate, allowOrigins, keep, maxPages, maxJobs, maxQueued, maxScrapes,
                maxBody, maxJobTime, webhooks, null);
    }

    /** The options, webhooks called back as {@link WebhookOptions#DEFAULTS} say. */
    public ServeOptions(String host, int port, Path data, Set<String> apiKeys, boolean allowPrivate,
                        List<String> allowOrigins, Duration keep, long maxPages, int maxJobs, int maxQueued,
                        int maxScrapes, long maxBody, Duration maxJobTime) {
        this(host, port, data, apiKeys, allowPrivate, allowOrigins, keep, maxPages, maxJobs, maxQueued, maxScrapes,
                maxBody, maxJobTime, WebhookOptions.DEFAULTS);
    }

    /** These options, webhooks called back as {@code w} says. */
    public ServeOptions withWebhooks(WebhookOptions w) {
        return new ServeOptions(host, port, data, apiKeys, allowPrivate, allowOrigins, keep, maxPages, maxJobs,
                maxQueued, maxScrapes, maxBody, maxJobTime, w, shared);
    }

    /** These options, the jobs shared with other servers as {@code s} says (null: not shared). */
    public ServeOptions withShared(SharedOptions s) {
        return new ServeOptions(host, port, data, apiKeys, allowPrivate, allowOrigins, keep, maxPages, maxJobs,
                maxQueued, maxScrapes, maxBody, maxJobTime, webhooks, s);
    }

    /** The defaults, listening on {@code port} and keeping jobs in {@code data}. */
    public static ServeOptions defaults(int port, Path data) {
        return new ServeOptions(DEFAULT_HOST, port, data, Set.of(), false, List.of(), DEFAULT_KEEP,
                DEFAULT_MAX_PAGES, DEFAULT_MAX_JOBS, DEFAULT_MAX_QUEUED, DEFAULT_MAX_SCRAPES, DEFAULT_MAX_BODY,
                DEFAULT_MAX_JOB_TIME);
    }

    /** Whether {@code host} is a loopback address (a name is resolved: localhost is, 0.0.0.0 is not). */
    static boolean loopback(String host) {
        try {
            for (InetAddress a : InetAddress.getAllByName(host)) {
                if (!a.isLoopbackAddress()) return false;
            }
            return true;
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("--listen: cannot resolve " + host);
        }
    }

    private static void require(boolean ok, String message) {
        if (!ok) throw new IllegalArgumentException(message);
    }
}
