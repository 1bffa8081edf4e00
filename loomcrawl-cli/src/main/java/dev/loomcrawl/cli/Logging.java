package dev.loomcrawl.cli;

/**
 * Sets up SLF4J's simple logger on standard error before the first logger is made. Level by verbosity:
 * -1 (-q) errors, 0 warnings (default), 1 (-v) info, 2 (-vv) debug, 3 or more trace. Jetty stays at warnings
 * below -vvv; Lettuce and Netty (the Redis client), and PDFBox, are silent below -vv.
 */
final class Logging {
    private Logging() {}

    static void configure(int verbosity) {
        String level = switch (verbosity) {
            case -1 -> "error";
            case 0 -> "warn";
            case 1 -> "info";
            case 2 -> "debug";
            default -> "trace";
        };
        System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", level);
        System.setProperty("org.slf4j.simpleLogger.log.org.eclipse.jetty", verbosity >= 3 ? "debug" : "warn");
        // Lettuce (and Netty under it) log the faults of a Redis outage from their event loop, with stack traces;
        // loomcrawl says each outage in one line itself (dev.loomcrawl.redis.Outage), so theirs show from -vv only
        String lettuce = verbosity >= 3 ? "debug" : verbosity == 2 ? "warn" : "off";
        System.setProperty("org.slf4j.simpleLogger.log.io.lettuce", lettuce);
        System.setProperty("org.slf4j.simpleLogger.log.io.netty", lettuce);
        // the embedding model's tokenizer (DJL) warns that no GPU is found and says where it unpacks its library
        System.setProperty("org.slf4j.simpleLogger.log.ai.djl", verbosity >= 2 ? "info" : "error");
        // PDFBox warns of each flaw of a PDF it reads, some with a stack trace; the PDF's record says in one line what
        // came of it (a PDF that could not be read: "pdf malformed (...), no text"), so theirs show from -vv only
        String pdfbox = verbosity >= 3 ? "debug" : verbosity == 2 ? "warn" : "off";
        System.setProperty("org.slf4j.simpleLogger.log.org.apache.pdfbox", pdfbox);
        System.setProperty("org.slf4j.simpleLogger.log.org.apache.fontbox", pdfbox);
        System.setProperty("org.slf4j.simpleLogger.logFile", "System.err");
        System.setProperty("org.slf4j.simpleLogger.showThreadName", "false");
        System.setProperty("org.slf4j.simpleLogger.showShortLogName", "true");
    }
}
