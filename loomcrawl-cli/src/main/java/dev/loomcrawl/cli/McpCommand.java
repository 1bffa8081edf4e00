package dev.loomcrawl.cli;

import dev.loomcrawl.serve.DataInUse;
import dev.loomcrawl.serve.Service;
import dev.loomcrawl.serve.ServeOptions;
import dev.loomcrawl.serve.ServeSetting;
import dev.loomcrawl.serve.ServeSettings;
import dev.loomcrawl.serve.mcp.McpOptions;
import dev.loomcrawl.serve.mcp.McpSettings;
import dev.loomcrawl.serve.mcp.StdioMcp;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.OptionSpec;

import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
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

    /** The rows of serve's that mcp takes too: where jobs are kept, what they may reach, their caps. */
    static final List<ServeSetting<ServeSettings.Target>> SERVE_ROWS =
            ServeSettings.ROWS.stream().filter(ServeSetting::mcp).toList();

    /** The mcp command: an option for each of serve's rows it takes, then each of {@link McpSettings}, and help. */
    static CommandLine commandLine() {
        ServeSettings.Target serve = new ServeSettings.Target();
        McpSettings.Target mcp = new McpSettings.Target();
        List<OptionSpec> options = new ArrayList<>();
        SERVE_ROWS.forEach(row -> options.add(RowOptions.option(row, serve)));
        McpSettings.ROWS.forEach(row -> options.add(RowOptions.option(row, mcp)));
        return RowOptions.commandLine(new McpCommand(), options);
    }

    @Override
    public Integer call() throws Exception {
        // the protocol's stream is standard output itself; whatever else prints goes to standard error
        PrintStream protocol = new PrintStream(new FileOutputStream(FileDescriptor.out), false);
        System.setOut(System.err);
        Logging.configure(0);
        ServeOptions options;
        McpOptions mcp;
        try {
            ServeSettings.Target serve = new ServeSettings.Target().anyPort();
            RowOptions.apply(spec.commandLine().getParseResult(), SERVE_ROWS, serve);
            options = serve.options();
            McpSettings.Target calls = new McpSettings.Target();
            RowOptions.apply(spec.commandLine().getParseResult(), McpSettings.ROWS, calls);
            mcp = calls.options();
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
