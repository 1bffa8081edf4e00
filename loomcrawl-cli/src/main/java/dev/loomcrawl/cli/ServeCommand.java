package dev.loomcrawl.cli;

import dev.loomcrawl.serve.DataInUse;
import dev.loomcrawl.serve.Serve;
import dev.loomcrawl.serve.ServeOptions;
import dev.loomcrawl.serve.ServeSettings;
import dev.loomcrawl.serve.mcp.HttpMcp;
import dev.loomcrawl.serve.mcp.McpOptions;
import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.io.IOException;
import java.util.List;
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

    /** The serve command: an option for each row of {@link ServeSettings}, and help. */
    static CommandLine commandLine() {
        ServeSettings.Target defaults = new ServeSettings.Target();
        return RowOptions.commandLine(new ServeCommand(),
                ServeSettings.ROWS.stream().map(row -> RowOptions.option(row, defaults)).toList());
    }

    @Override
    public Integer call() throws Exception {
        Logging.configure(0);
        System.setProperty("org.slf4j.simpleLogger.log.dev.loomcrawl.serve", "info");
        System.setProperty("org.slf4j.simpleLogger.showDateTime", "true");
        System.setProperty("org.slf4j.simpleLogger.dateTimeFormat", "yyyy-MM-dd'T'HH:mm:ss.SSSXXX");
        ServeOptions options;
        try {
            ServeSettings.Target target = new ServeSettings.Target();
            RowOptions.apply(spec.commandLine().getParseResult(), ServeSettings.ROWS, target);
            options = target.options();
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
}
