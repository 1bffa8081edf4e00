package dev.loomcrawl.cli;

import dev.loomcrawl.Version;
import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.io.PrintWriter;

/**
 * {@code loomcrawl}: the command-line entry point. Exit codes of {@code crawl} and {@code resume}: 0 finished,
 * 1 the crawl failed (its state, an output, the disk), 2 usage error, 3 no root produced a successful response,
 * 130 interrupted; of {@code check}: 0 no broken links, 1 broken links, 2 usage error, 3 the check failed.
 */
@Command(name = "loomcrawl", mixinStandardHelpOptions = true, versionProvider = Main.VersionProvider.class,
        description = "A fast, polite web crawler on virtual threads.",
        subcommands = {CrawlCommand.class, CheckCommand.class, ResumeCommand.class, RecrawlCommand.class,
                ReportCommand.class, StatusCommand.class, TrainCommand.class,
                CommandLine.HelpCommand.class})
public final class Main implements Runnable {
    static final int FINISHED = 0;
    static final int FAILED = 1;
    static final int USAGE = 2;
    static final int NO_ROOT_SUCCEEDED = 3;
    static final int INTERRUPTED = 130;

    /** The crawl and resume commands' exit codes, for their help footers. */
    static final String EXIT_CODES = "Exit codes: 0 crawl finished, 1 crawl failed (state, output or disk), "
            + "2 usage error, 3 no root produced a successful response (one line per root says why), 130 interrupted.";

    /**
     * Input that is not what it should be (a root that is a local path or not http(s), a missing directory):
     * a usage error shown as its one line, without the usage, since no option is wrong.
     */
    static final class BadInput extends CommandLine.ParameterException {
        BadInput(CommandLine cli, String message) {
            super(cli, message);
        }
    }

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        // Out of memory on any thread: one line and exit 1, rather than a stack trace and a crawl that hangs on
        Thread.setDefaultUncaughtExceptionHandler((thread, e) -> {
            if (e instanceof OutOfMemoryError) outOfMemory(e);
            System.err.print("Exception in thread \"" + thread.getName() + "\" "); // as the JVM says it otherwise
            e.printStackTrace();
        });
        int exit;
        try {
            exit = run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true));
        } catch (OutOfMemoryError e) {
            outOfMemory(e);
            return;
        } catch (Throwable e) { // a bug: say so and exit, for a thread that is not a daemon would keep the JVM up
            System.err.print("loomcrawl: internal error: ");
            e.printStackTrace();
            exit = FAILED;
        }
        System.exit(exit);
    }

    private static void outOfMemory(Throwable e) {
        long mb = Runtime.getRuntime().maxMemory() >> 20;
        System.err.println("loomcrawl: out of memory (" + e.getMessage() + ") in a heap of " + mb + " MB; give the "
                + "JVM more with LOOMCRAWL_JAVA_OPTS='-Xmx" + Math.max(1024, 2 * mb) + "m'");
        System.exit(FAILED); // shutdown hooks close the outputs, flushing what was written
    }

    /** Runs the command line with the given streams and returns the exit code. */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cli = new CommandLine(new Main());
        cli.setOut(out);
        cli.setErr(err);
        cli.setParameterExceptionHandler((e, args2) -> {
            CommandLine cmd = e.getCommandLine();
            if (e instanceof BadInput) {
                cmd.getErr().println("loomcrawl: " + OptionNames.flags(e.getMessage()));
                return USAGE;
            }
            cmd.getErr().println(OptionNames.flags(e.getMessage()));
            cmd.getErr().print(cmd.getHelp().fullSynopsis());
            cmd.getErr().println("Try '" + cmd.getCommandSpec().qualifiedName() + " --help' for more information.");
            return cmd.getCommandSpec().exitCodeOnInvalidInput();
        });
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            commandLine.getErr().println("loomcrawl: " + OptionNames.flags(e.getMessage()));
            return FAILED;
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
