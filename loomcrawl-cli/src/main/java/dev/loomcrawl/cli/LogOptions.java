package dev.loomcrawl.cli;

import picocli.CommandLine.Option;

/** The options every command shares: -v (repeatable), -q and -h. */
final class LogOptions {
    @Option(names = {"-v", "--verbose"}, description = "Log more (repeat for more: -v info, -vv debug).")
    boolean[] verbose = new boolean[0];

    @Option(names = {"-q", "--quiet"}, description = "Log errors only.")
    boolean quiet;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    boolean help;

    /** Sets up logging; {@code quietByDefault} makes errors-only the level when neither -v nor -q is given. */
    void configure(boolean quietByDefault) {
        Logging.configure(quiet || quietByDefault && verbose.length == 0 ? -1 : verbose.length);
    }
}
