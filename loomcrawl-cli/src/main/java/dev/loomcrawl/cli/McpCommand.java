package dev.loomcrawl.cli;

import dev.loomcrawl.serve.DataInUse;
import dev.loomcrawl.serve.Service;
import dev.loomcrawl.serve.ServeOptions;
import dev.loomcrawl.serve.mcp.McpOptions;
import dev.loomcrawl.serve.mcp.StdioMcp;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;

/**
 * {@code loomcrawl mcp}: the MCP server over standard input and output (docs/mcp.md), for an agent that launches
 * it. Its crawls are serve's jobs, kept in {@code --data}; the options mean what serve's do. Standard output carries
 * protocol messages only: anything else written to {@code System.out} goes to standard error.
 */
@Command(name = "mcp", sortOptions = false, mixinStandardHelpOptions = true,
        description = {"Tools for agents: an MCP server over standard input and output.",
                "Tools: scrape, map, crawl, crawl_status, crawl_cancel, check_links (docs/mcp.md). The same tools "
                        + "are at /mcp of loomcrawl serve.",
                "Only public addresses are fetched, unless --allow-private."},
        footer = {"", "Exit codes: 0 the client closed standard input, 2 usage error."})
final class McpCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--data", paramLabel = "DIR", description = "Where crawl jobs keep their state, results, WARC "
            + "files and chunks (default ./loomcrawl-serve-data).")
    Path data = ServeOptions.DEFAULT_DATA;

    @Option(names = "--allow-private", description = "Let the tools reach loopback, private, link-local and other "
            + "non-public addresses.")
    boolean allowPrivate;

    @Option(names = "--allow-origin", paramLabel = "HOST:PORT", description = "Let the tools reach this one "
            + "non-public origin, and no other. Repeatable.")
    List<String> allowOrigins = new ArrayList<>();

    @Option(names = "--keep", paramLabel = "DURATION", converter = Converters.DurationConverter.class,
            description = "How long a finished crawl's results are kept (default 24h).")
    Duration keep = ServeOptions.DEFAULT_KEEP;

    @Option(names = "--max-pages", paramLabel = "N", description = "Pages one crawl fetches at most (default "
            + "10000).")
    long maxPages = ServeOptions.DEFAULT_MAX_PAGES;

    @Option(names = "--max-jobs", paramLabel = "N", description = "Crawls running at once (default 4); more wait.")
    int maxJobs = ServeOptions.DEFAULT_MAX_JOBS;

    @Option(names = "--max-job-time", paramLabel = "DURATION", converter = Converters.DurationConverter.class,
            description = "How long a crawl (each run of it) may go on (default 1h).")
    Duration maxJobTime = ServeOptions.DEFAULT_MAX_JOB_TIME;

    @Option(names = "--max-result-chars", paramLabel = "N", description = "Characters of a tool's result at most "
            + "(default 20000); a longer one is cut with a cursor to go on.")
    int maxChars = McpOptions.DEFAULT_MAX_CHARS;

    @Option(names = "--max-call-pages", paramLabel = "N", description = "Pages one check_links call crawls at "
            + "most (default 500).")
    long callPages = McpOptions.DEFAULT_CALL_PAGES;

    @Option(names = "--max-call-time", paramLabel = "DURATION", converter = Converters.DurationConverter.class,
            description = "How long one call may work: check_links, crawl_status's wait (default 2m).")
    Duration callTime = McpOptions.DEFAULT_CALL_TIME;

    @Override
    public Integer call() throws Exception {
        // the protocol's stream is standard output itself; whatever else prints goes to standard error
        PrintStream protocol = new PrintStream(new FileOutputStream(FileDescriptor.out), false);
        System.setOut(System.err);
        Logging.configure(0);
        ServeOptions options;
        McpOptions mcp;
        try {
            options = new ServeOptions(ServeOptions.DEFAULT_HOST, 0, data.toAbsolutePath(), Set.of(), allowPrivate,
                    allowOrigins, keep, maxPages, maxJobs, ServeOptions.DEFAULT_MAX_QUEUED,
                    ServeOptions.DEFAULT_MAX_SCRAPES, ServeOptions.DEFAULT_MAX_BODY, maxJobTime);
            mcp = new McpOptions(maxChars, callPages, callTime);
        } catch (IllegalArgumentException e) {
            throw new Main.BadInput(spec.commandLine(), OptionNames.flags(e));
        }
        Service opened;
        try {
            opened = Service.open(options);
        } catch (DataInUse e) {
            spec.commandLine().getErr().println("loomcrawl mcp: " + e.getMessage());
            return Main.FAILED;
        }
        try (Service service = opened) {
            spec.commandLine().getErr().println("loomcrawl mcp: serving MCP on standard input and output (jobs in "
                    + options.data() + ")");
            spec.commandLine().getErr().flush();
            StdioMcp.run(service, mcp, new FileInputStream(FileDescriptor.in), protocol);
        }
        return Main.FINISHED;
    }
}
