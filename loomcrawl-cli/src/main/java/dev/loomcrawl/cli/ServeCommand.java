package dev.loomcrawl.cli;

import dev.loomcrawl.serve.DataInUse;
import dev.loomcrawl.serve.Serve;
import dev.loomcrawl.serve.ServeOptions;
import dev.loomcrawl.serve.mcp.HttpMcp;
import dev.loomcrawl.serve.mcp.McpOptions;
import dev.loomcrawl.serve.WebhookOptions;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;

/**
 * {@code loomcrawl serve}: the job service (docs/serve.md). It runs until stopped: SIGTERM (or Ctrl-C) stops taking
 * requests and pauses the running jobs, which the next start resumes; the exit code is then 143 (130).
 */
@Command(name = "serve", sortOptions = false, mixinStandardHelpOptions = true,
        description = {"Crawl on request: a job service speaking Firecrawl's v2 API.",
                "An HTTP service (docs/serve.md).",
                "Jobs keep their state in --data and survive a restart; they reach public addresses only, unless "
                        + "--allow-private."},
        footer = {"", "Exit codes: 2 usage error, 1 the server could not start (the port is taken...), 143 stopped "
                + "by SIGTERM, 130 by Ctrl-C."})
final class ServeCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--listen", paramLabel = "HOST:PORT", converter = Converters.AddressConverter.class,
            description = "Where to listen (default 127.0.0.1:3002). Beyond loopback only with --api-key-file.")
    InetSocketAddress listen;

    @Option(names = "--data", paramLabel = "DIR", description = "Where jobs keep their state and results "
            + "(default ./loomcrawl-serve-data).")
    Path data = ServeOptions.DEFAULT_DATA;

    @Option(names = "--api-key-file", paramLabel = "FILE", description = "API keys, one a line: requests must "
            + "send Authorization: Bearer KEY (401 without).")
    Path apiKeyFile;

    @Option(names = "--allow-private", description = "Let jobs reach loopback, private, link-local and other "
            + "non-public addresses (a request cannot).")
    boolean allowPrivate;

    @Option(names = "--allow-origin", paramLabel = "HOST:PORT", description = "Let jobs reach this one non-public "
            + "origin (an intranet site), and no other. Repeatable.")
    List<String> allowOrigins = new ArrayList<>();

    @Option(names = "--keep", paramLabel = "DURATION", converter = Converters.DurationConverter.class,
            description = "How long a finished job's results are kept (default 24h).")
    Duration keep = ServeOptions.DEFAULT_KEEP;

    @Option(names = "--max-pages", paramLabel = "N", description = "Pages one job fetches at most; a request's "
            + "limit is lowered to it (default 10000).")
    long maxPages = ServeOptions.DEFAULT_MAX_PAGES;

    @Option(names = "--max-jobs", paramLabel = "N", description = "Crawl and batch jobs running at once "
            + "(default 4); more wait.")
    int maxJobs = ServeOptions.DEFAULT_MAX_JOBS;

    @Option(names = "--max-queued", paramLabel = "N", description = "Jobs waiting at most (default 100); past "
            + "that a request is answered 429.")
    int maxQueued = ServeOptions.DEFAULT_MAX_QUEUED;

    @Option(names = "--max-scrapes", paramLabel = "N", description = "Scrapes and maps in progress at once "
            + "(default 64); past that, 429.")
    int maxScrapes = ServeOptions.DEFAULT_MAX_SCRAPES;

    @Option(names = "--max-body", paramLabel = "SIZE", converter = Converters.SizeConverter.class,
            description = "Request body size at most (default 1MiB); 413 past it.")
    long maxBody = ServeOptions.DEFAULT_MAX_BODY;

    @Option(names = "--max-job-time", paramLabel = "DURATION", converter = Converters.DurationConverter.class,
            description = "How long a job (each run of it) may crawl (default 1h).")
    Duration maxJobTime = ServeOptions.DEFAULT_MAX_JOB_TIME;

    @Option(names = "--webhook-secret-file", paramLabel = "FILE", description = "The key webhooks are signed with "
            + "(HMAC-SHA256 of the body, in X-Loomcrawl-Signature and X-Firecrawl-Signature): the file's first line "
            + "(default: DATA/webhook-secret, made at the first start).")
    Path webhookSecretFile;

    @Option(names = "--webhook-timeout", paramLabel = "DURATION", converter = Converters.DurationConverter.class,
            description = "How long one webhook delivery attempt may take (default 10s).")
    Duration webhookTimeout = WebhookOptions.DEFAULT_TIMEOUT;

    @Option(names = "--webhook-retry-for", paramLabel = "DURATION", converter = Converters.DurationConverter.class,
            description = "How long a failing webhook delivery is tried again, waiting 1, 2, 4... s between "
                    + "attempts (default 15m); then it is given up.")
    Duration webhookRetryFor = WebhookOptions.DEFAULT_RETRY_FOR;

    @CommandLine.Mixin
    ServeFrontierOptions frontier = new ServeFrontierOptions();

    @Override
    public Integer call() throws Exception {
        Logging.configure(0);
        System.setProperty("org.slf4j.simpleLogger.log.dev.loomcrawl.serve", "info");
        System.setProperty("org.slf4j.simpleLogger.showDateTime", "true");
        System.setProperty("org.slf4j.simpleLogger.dateTimeFormat", "yyyy-MM-dd'T'HH:mm:ss.SSSXXX");
        ServeOptions options;
        try {
            String host = listen == null ? ServeOptions.DEFAULT_HOST : listen.getHostString();
            int port = listen == null ? ServeOptions.DEFAULT_PORT : listen.getPort();
            options = new ServeOptions(host, port, data.toAbsolutePath(), keys(), allowPrivate, allowOrigins, keep,
                    maxPages, maxJobs, maxQueued, maxScrapes, maxBody, maxJobTime,
                    new WebhookOptions(webhookSecretFile, webhookTimeout, webhookRetryFor))
                    .withShared(frontier.shared());
        } catch (IllegalArgumentException e) {
            throw new Main.BadInput(spec.commandLine(), OptionNames.flags(e));
        }
        Serve serve;
        try {
            serve = Serve.start(options, List.of(service -> HttpMcp.of(service, McpOptions.DEFAULTS)));
        } catch (IllegalArgumentException e) {
            throw new Main.BadInput(spec.commandLine(), OptionNames.flags(e));
        } catch (DataInUse e) {
            spec.commandLine().getErr().println("loomcrawl serve: " + e.getMessage());
            return Main.FAILED;
        } catch (IOException e) {
            spec.commandLine().getErr().println("loomcrawl serve: cannot listen on " + options.host() + ":"
                    + options.port() + ": " + e.getMessage());
            return Main.FAILED;
        }
        // SIGTERM and Ctrl-C: the JVM runs this, then exits 143 or 130
        Runtime.getRuntime().addShutdownHook(new Thread(serve::close, "loomcrawl-serve-stop"));
        spec.commandLine().getErr().println("loomcrawl serve: listening on http://" + options.host() + ":"
                + serve.port() + "/ (jobs in " + options.data() + ")");
        spec.commandLine().getErr().flush();
        serve.join();
        return Main.FINISHED;
    }

    /** The keys of --api-key-file, one a line (blank lines and lines starting with # left out). */
    private Set<String> keys() {
        if (apiKeyFile == null) return Set.of();
        List<String> lines;
        try {
            lines = Files.readAllLines(apiKeyFile, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalArgumentException("--api-key-file: cannot read " + apiKeyFile + ": " + e.getMessage());
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
