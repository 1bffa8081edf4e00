package dev.loomcrawl.cli;

import dev.loomcrawl.content.EmbedderStopped;
import dev.loomcrawl.fetch.Version;
import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.io.PrintWriter;
import java.util.List;

/**
 * {@code loomcrawl}: the command-line entry point. Exit codes of {@code crawl} and {@code resume}: 0 finished,
 * 1 the crawl failed (its state, an output, the disk), 2 usage error, 3 no root produced a successful response,
 * 130 interrupted (Ctrl-C), 143 stopped by SIGTERM; of {@code check}: 0 no broken links, 1 broken links, 2 usage
 * error, 3 the check failed, 130 and 143 likewise.
 */
@Command(name = "loomcrawl", mixinStandardHelpOptions = true, versionProvider = Main.VersionProvider.class,
        description = "A fast, polite web crawler on virtual threads.")
public final class Main implements Runnable {
    /**
     * The subcommands, in the order help lists them. picocli reads a command's annotations when it is added, a
     * few tens of milliseconds for them all at every start; a run that names its command adds only that one, and
     * {@code --version} none.
     */
    private static final List<String> COMMANDS =
            List.of("crawl", "check", "map", "resume", "recrawl", "report", "captures", "search", "status", "serve", "mcp",
                    "train", "help");

    static final int FINISHED = 0;
    static final int FAILED = 1;
    static final int USAGE = 2;
    static final int NO_ROOT_SUCCEEDED = 3;
    static final int INTERRUPTED = 130;
    static final int TERMINATED = 143;

    /** The crawl and resume commands' exit codes, for their help footers. */
    static final String EXIT_CODES = "Exit codes: 0 crawl finished, 1 crawl failed (state, output or disk), "
            + "2 usage error, 3 no root produced a successful response (one line per root says why), 130 interrupted "
            + "(Ctrl-C), 143 stopped by SIGTERM (the report is printed and the outputs closed either way).";

    /**
     * Input that is not what it should be (a root that is a local path or not http(s), a missing directory):
     * a usage error shown as its one line alone, since no option is wrong ({@link UsageErrors}).
     */
    static final class BadInput extends CommandLine.ParameterException {
        BadInput(CommandLine cli, String message) {
            super(cli, message);
        }
    }

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        tellJettyTheReferenceSize();
        // picocli looks for Groovy's Closure class at its first use, for Groovy scripts' annotations: a failed search
        // of the class path at every start (about 8 ms of a refused root's CPU), for a language no command uses
        System.setProperty("picocli.disable.closures", "true");
        // Out of memory on any thread: one line and exit 1, rather than a stack trace and a crawl that hangs on
        Thread.setDefaultUncaughtExceptionHandler(new Uncaught());
        // on a terminal, lines break between words, not mid-word; but for mcp's protocol lines and the bytes captures
        // prints, which must stay as they are
        if (args.length == 0 || !List.of("mcp", "captures").contains(args[0])) WrappedLines.onStandardStreams();
        int exit;
        PrintWriter out = Terminal.writer(System.out, 1);
        PrintWriter err = Terminal.writer(System.err, 2);
        try {
            exit = run(args, out, err);
        } catch (OutOfMemoryError e) {
            outOfMemory(e);
            return;
        } catch (Throwable e) { // a bug: say so and exit, for a thread that is not a daemon would keep the JVM up
            if (!EmbedderStopped.causedBy(e)) { // else the JVM exits (a signal) and its model took no more work
                System.err.print("loomcrawl: internal error: ");
                e.printStackTrace();
            }
            exit = FAILED;
        }
        // what a command wrote without a line end (or through a stream it closed) is still in the writers' buffers,
        // which System.exit does not flush
        out.flush();
        err.flush();
        System.exit(exit);
    }

    private static void outOfMemory(Throwable e) {
        long mb = Runtime.getRuntime().maxMemory() >> 20;
        System.err.println("loomcrawl: out of memory (" + e.getMessage() + ") in a heap of " + mb + " MB; give the "
                + "JVM more with LOOMCRAWL_JAVA_OPTS='-Xmx" + Math.max(1024, 2 * mb) + "m'");
        System.exit(FAILED); // shutdown hooks close the outputs, flushing what was written
    }

    /** A class, not a lambda: the AOT cache cannot archive lambdas in this class (decision 21). */
    private static final class Uncaught implements Thread.UncaughtExceptionHandler {
        @Override
        public void uncaughtException(Thread thread, Throwable e) {
            if (e instanceof OutOfMemoryError) outOfMemory(e);
            if (redisLost(e)) return; // the crawl stops on it too, and says it in one line
            if (EmbedderStopped.causedBy(e)) return; // the JVM exits: its embedding model takes no more work
            System.err.print("Exception in thread \"" + thread.getName() + "\" "); // as the JVM says it otherwise
            e.printStackTrace();
        }
    }

    /** Whether a worker thread ended because Redis stayed away longer than --redis-outage. */
    private static boolean redisLost(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof dev.loomcrawl.redis.RedisCrawlException) return true;
        }
        return false;
    }

    /**
     * Jetty pads some of its structures by the JVM's reference size, which it asks the platform MBean server for
     * unless told: starting that server (and the diagnostic commands it registers, JFR's among them) cost 40-60 ms
     * of CPU at every start, a tenth of a short crawl's. The process says it instead, as the JVM decides it:
     * compressed (4-byte) references under a 32 GiB heap, 8-byte ones above. A value given with -D stands. It is
     * a hint for padding, not a correctness matter.
     */
    static void tellJettyTheReferenceSize() {
        String key = "org.eclipse.jetty.util.referencesPerCacheLine";
        if (System.getProperty(key) == null) {
            boolean compressed = Runtime.getRuntime().maxMemory() < (32L << 30);
            System.setProperty(key, compressed ? "16" : "8"); // 64-byte cache lines, as Jetty assumes
        }
    }

    /** The whole command line, every subcommand added: what the man pages and the shell completion describe. */
    static CommandLine commandLine() {
        CommandLine cli = new CommandLine(new Main());
        for (String name : COMMANDS) cli.addSubcommand(name, command(name));
        Converters.wholeNumbers(cli);
        GroupedHelp.everywhere(cli);
        return cli;
    }

    /** Runs the command line with the given streams and returns the exit code. */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cli = new CommandLine(new Main());
        String first = args.length > 0 ? args[0] : "";
        boolean version = args.length == 1 && (first.equals("--version") || first.equals("-V"));
        String named = COMMANDS.contains(first) && !first.equals("help") ? first : null;
        for (String name : COMMANDS) {
            if (!version && (named == null || name.equals(named))) cli.addSubcommand(name, command(name));
        }
        Converters.wholeNumbers(cli);
        GroupedHelp.everywhere(cli); // help broken between words, a short synopsis
        cli.setOut(out);
        cli.setErr(err);
        cli.setParameterExceptionHandler((e, ignored) -> UsageErrors.handle(e));
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            if (EmbedderStopped.causedBy(e)) return FAILED; // the JVM exits (a signal): the model took no more work
            commandLine.getErr().println("loomcrawl: " + OptionNames.flags(e));
            return FAILED;
        });
        return cli.execute(args);
    }

    /** A new instance of the subcommand {@code name} (those with options made from a table, its command line). */
    private static Object command(String name) {
        return switch (name) {
            case "crawl" -> CrawlCommand.commandLine();
            case "check" -> new CheckCommand();
            case "map" -> new MapCommand();
            case "resume" -> ResumeCommand.commandLine(new ResumeCommand());
            case "recrawl" -> ResumeCommand.commandLine(new RecrawlCommand());
            case "report" -> new ReportCommand();
            case "captures" -> new CapturesCommand();
            case "search" -> new SearchCommand();
            case "status" -> new StatusCommand();
            case "serve" -> ServeCommand.commandLine();
            case "mcp" -> McpCommand.commandLine();
            case "train" -> new TrainCommand();
            case "help" -> new CommandLine.HelpCommand();
            default -> throw new IllegalArgumentException(name);
        };
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a command is required, such as "
                + "'loomcrawl crawl https://example.com/'");
    }

    static final class VersionProvider implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"loomcrawl " + Version.VERSION, "Java " + Runtime.version()};
        }
    }
}
