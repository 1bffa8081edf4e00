package dev.loomcrawl.cli;

import dev.loomcrawl.Version;
import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.io.PrintWriter;

/** {@code loomcrawl}: the command-line entry point. Exit codes: 0 done, 1 failed, 2 usage error, 130 interrupted. */
@Command(name = "loomcrawl", mixinStandardHelpOptions = true, versionProvider = Main.VersionProvider.class,
        description = "A fast, polite web crawler on virtual threads.",
        subcommands = {CrawlCommand.class, CheckCommand.class, ResumeCommand.class, ReportCommand.class,
                CommandLine.HelpCommand.class})
public final class Main implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** Runs the command line with the given streams and returns the exit code. */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cli = new CommandLine(new Main());
        cli.setOut(out);
        cli.setErr(err);
        cli.setParameterExceptionHandler((e, args2) -> {
            CommandLine cmd = e.getCommandLine();
            cmd.getErr().println(e.getMessage());
            cmd.getErr().print(cmd.getHelp().fullSynopsis());
            cmd.getErr().println("Try '" + cmd.getCommandSpec().qualifiedName() + " --help' for more information.");
            return cmd.getCommandSpec().exitCodeOnInvalidInput();
        });
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            commandLine.getErr().println("loomcrawl: " + e.getMessage());
            return 1;
        });
        return cli.execute(args);
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a command is required, e.g. 'crawl'");
    }

    static final class VersionProvider implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"loomcrawl " + Version.VERSION, "Java " + Runtime.version()};
        }
    }
}
