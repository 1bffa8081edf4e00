package dev.loomcrawl.serve;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import static dev.loomcrawl.config.SettingKind.COUNT;
import static dev.loomcrawl.config.SettingKind.DURATION;
import static dev.loomcrawl.config.SettingKind.FLAG;
import static dev.loomcrawl.config.SettingKind.SIZE;
import static dev.loomcrawl.config.SettingKind.TEXT;
import static dev.loomcrawl.serve.ServeSetting.one;

/**
 * Every setting of {@code loomcrawl serve}'s own, one row each ({@link ServeSetting}): the one place that names
 * them, says their defaults and what they do. {@code serve}'s options are made from them, and {@code mcp}'s from
 * those it shares ({@link ServeSetting#mcp}) and the MCP server's own ({@code mcp.McpSettings}). A {@link Target}
 * holds the values being set, each at its default first, and builds the {@link ServeOptions}.
 */
public final class ServeSettings {
    private ServeSettings() {}

    /** The rows, in the order help lists them. */
    public static final List<ServeSetting<Target>> ROWS = List.of(
            one("listen", TEXT, "HOST:PORT", "Where to listen. Beyond loopback only with --api-key-file.", false,
                    t -> t.host + ":" + t.port, Target::listen),
            one("data", TEXT, "DIR", "Where jobs keep their state, results, WARC files and chunks.", true,
                    t -> t.data, (t, v) -> t.data = Path.of(v)),
            one("api-key-file", TEXT, "FILE", "API keys, one a line: requests must send Authorization: Bearer KEY "
                    + "(401 without).", false, t -> t.apiKeyFile, (t, v) -> t.apiKeyFile = Path.of(v)),
            one("allow-private", FLAG, "", "Let jobs reach loopback, private, link-local and other non-public "
                    + "addresses (a request or a tool call cannot).", true, t -> t.allowPrivate,
                    (t, v) -> t.allowPrivate = Boolean.parseBoolean(v)),
            ServeSetting.<Target>one("allow-origin", TEXT, "HOST:PORT", "Let jobs reach this one non-public origin "
                    + "(an intranet site), and no other.", true, t -> null, (t, v) -> t.allowOrigins.add(v))
                    .asRepeated(),
            one("keep", DURATION, "DURATION", "How long a finished job's results are kept.", true, t -> t.keep,
                    (t, v) -> t.keep = Duration.parse(v)),
            ServeSetting.<Target>one("max-pages", COUNT, "N", "Pages one job fetches at most; a request's limit is "
                    + "lowered to it.", true, t -> t.maxPages, (t, v) -> t.maxPages = Long.parseLong(v)).asWide(),
            one("max-jobs", COUNT, "N", "Crawl and batch jobs running at once; more wait.", true, t -> t.maxJobs,
                    (t, v) -> t.maxJobs = Integer.parseInt(v)),
            one("max-queued", COUNT, "N", "Jobs waiting at most; past that a request is answered 429.", false,
                    t -> t.maxQueued, (t, v) -> t.maxQueued = Integer.parseInt(v)),
            one("max-scrapes", COUNT, "N", "Scrapes and maps in progress at once; past that, 429.", false,
                    t -> t.maxScrapes, (t, v) -> t.maxScrapes = Integer.parseInt(v)),
            one("max-body", SIZE, "SIZE", "Request body size at most; 413 past it.", false, t -> t.maxBody,
                    (t, v) -> t.maxBody = Long.parseLong(v)),
            one("max-job-time", DURATION, "DURATION", "How long a job (each run of it) may crawl.", true,
                    t -> t.maxJobTime, (t, v) -> t.maxJobTime = Duration.parse(v)),
            ServeSetting.<Target>one("webhook-secret-file", TEXT, "FILE", "The key webhooks are signed with "
                    + "(HMAC-SHA256 of the body, in X-Loomcrawl-Signature and X-Firecrawl-Signature): the file's "
                    + "first line.", false, t -> t.webhookSecretFile, (t, v) -> t.webhookSecretFile = Path.of(v))
                    .defaultNote("DATA/webhook-secret, made at the first start"),
            one("webhook-timeout", DURATION, "DURATION", "How long one webhook delivery attempt may take.", false,
                    t -> t.webhookTimeout, (t, v) -> t.webhookTimeout = Duration.parse(v)),
            one("webhook-retry-for", DURATION, "DURATION", "How long a failing webhook delivery is tried again, "
                    + "waiting 1, 2, 4... s between attempts; then it is given up.", false, t -> t.webhookRetryFor,
                    (t, v) -> t.webhookRetryFor = Duration.parse(v)),
            one("frontier", TEXT, "URI", "Share the jobs through Redis at URI (redis://[user:pass@]host:port[/db], "
                    + "or any node of a Redis Cluster) with every server started with the same URI.", false,
                    t -> t.frontier, (t, v) -> t.frontier = v),
            one("lease-time", DURATION, "DURATION", "With --frontier: how soon the pages in flight on a server that "
                    + "died or froze go to another.", false, t -> t.leaseTime,
                    (t, v) -> t.leaseTime = Duration.parse(v)),
            one("redis-outage", DURATION, "DURATION", "With --frontier: how long to wait out Redis being "
                    + "unreachable, restarting or failing over before a job's run on this server stops.", false,
                    t -> t.redisOutage, (t, v) -> t.redisOutage = Duration.parse(v)));

    /** A server's settings being set, each at its default until set. */
    public static final class Target {
        String host = ServeOptions.DEFAULT_HOST;
        int port = ServeOptions.DEFAULT_PORT;
        Path data = ServeOptions.DEFAULT_DATA;
        Path apiKeyFile;
        boolean allowPrivate;
        final List<String> allowOrigins = new ArrayList<>();
        Duration keep = ServeOptions.DEFAULT_KEEP;
        long maxPages = ServeOptions.DEFAULT_MAX_PAGES;
        int maxJobs = ServeOptions.DEFAULT_MAX_JOBS;
        int maxQueued = ServeOptions.DEFAULT_MAX_QUEUED;
        int maxScrapes = ServeOptions.DEFAULT_MAX_SCRAPES;
        long maxBody = ServeOptions.DEFAULT_MAX_BODY;
        Duration maxJobTime = ServeOptions.DEFAULT_MAX_JOB_TIME;
        Path webhookSecretFile;
        Duration webhookTimeout = WebhookOptions.DEFAULT_TIMEOUT;
        Duration webhookRetryFor = WebhookOptions.DEFAULT_RETRY_FOR;
        String frontier;
        Duration leaseTime = SharedOptions.DEFAULT_LEASE_TIME;
        Duration redisOutage = SharedOptions.DEFAULT_OUTAGE;

        /** HOST:PORT, an IPv6 address in brackets. */
        private void listen(String hostPort) {
            int colon = hostPort.lastIndexOf(':');
            host = hostPort.substring(0, colon).replaceAll("^\\[(.*)]$", "$1");
            port = Integer.parseInt(hostPort.substring(colon + 1));
        }

        /** Listens on any free port of the loopback address: the MCP server over standard input, which is no server. */
        public Target anyPort() {
            host = ServeOptions.DEFAULT_HOST;
            port = 0;
            return this;
        }

        /**
         * The server's options, the data folder made absolute; a bad value (or an API key file that cannot be read
         * or holds no key) is an {@link IllegalArgumentException} naming its option.
         */
        public ServeOptions options() {
            if (frontier != null && !frontier.startsWith("redis://") && !frontier.startsWith("rediss://")) {
                throw new IllegalArgumentException("--frontier takes a Redis URI, redis://[user:pass@]host:port[/db]: "
                        + "'" + frontier + "'");
            }
            return new ServeOptions(host, port, data.toAbsolutePath(), keys(), allowPrivate, allowOrigins, keep,
                    maxPages, maxJobs, maxQueued, maxScrapes, maxBody, maxJobTime,
                    new WebhookOptions(webhookSecretFile, webhookTimeout, webhookRetryFor))
                    .withShared(frontier == null ? null : new SharedOptions(frontier, leaseTime, redisOutage));
        }

        /** The keys of --api-key-file, one a line (blank lines and lines starting with # left out). */
        private Set<String> keys() {
            if (apiKeyFile == null) return Set.of();
            List<String> lines;
            try {
                lines = Files.readAllLines(apiKeyFile, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new IllegalArgumentException("--api-key-file: cannot read " + apiKeyFile + ": "
                        + e.getMessage());
            }
            Set<String> keys = new LinkedHashSet<>();
            for (String l : lines) {
                String k = l.strip();
                if (!k.isEmpty() && !k.startsWith("#")) keys.add(k);
            }
            if (keys.isEmpty()) throw new IllegalArgumentException("--api-key-file: " + apiKeyFile + " holds no key");
            return keys;
        }
    }
}
