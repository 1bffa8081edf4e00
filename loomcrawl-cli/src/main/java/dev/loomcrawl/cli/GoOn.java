package dev.loomcrawl.cli;

import dev.loomcrawl.config.Units;
import dev.loomcrawl.reason.Limit;
import dev.loomcrawl.limits.LimitSettings;
import dev.loomcrawl.result.CrawlSummary;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * What a crawl with a state file says last, on standard error, when it stops with URLs still queued: the command
 * that goes on with it ({@code To go on: loomcrawl resume c.db}), with the limit raised when a limit stopped it
 * ({@code loomcrawl resume --max-pages 2000 c.db}, twice the limit); and, for a {@code resume} that fetched
 * nothing, why: the limit was already reached, or the crawl had finished.
 */
final class GoOn {
    /** A path the shell reads as one word as it is. */
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_@%+=:,./-]+");

    private GoOn() {}

    /**
     * After a run of the crawl whose state is {@code file}: {@code run} is how this run ended, {@code limits} the
     * crawl's, {@code resumed} whether an earlier run used the file, {@code resume} whether the command is
     * {@code resume} (a {@code recrawl} with nothing due has nothing to explain).
     */
    static void say(Path file, LimitSettings limits, CrawlSummary run, boolean resumed, boolean resume,
                    PrintWriter err) {
        Limit limit = run.limitReached();
        if (run.interrupted()) {
            if (run.todo() > 0) err.println("To go on: loomcrawl resume " + word(file));
        } else if (limit != null && run.todo() > 0) {
            String queued = run.todo() + (run.todo() == 1 ? " URL" : " URLs") + " still queued";
            if (limit == Limit.MAX_TIME) {
                err.println("loomcrawl: stopped at --max-time " + Units.duration(limits.maxTime()) + ", with "
                        + queued + " (--max-time bounds each run)");
                err.println("To go on: loomcrawl resume " + word(file));
            } else {
                boolean pages = limit == Limit.MAX_PAGES;
                long at = pages ? limits.maxPages() : limits.maxBytes();
                String given = pages ? Long.toString(at) : Units.size(at);
                String raised = pages ? Long.toString(2 * at) : Units.size(2 * at);
                err.println("loomcrawl: " + (resumed && run.done() == 0 ? "nothing fetched: the crawl had already "
                        + "reached" : "stopped at") + " --" + limit.label() + " " + given + ", with " + queued);
                err.println("To go on: loomcrawl resume --" + limit.label() + " " + raised + " " + word(file));
            }
        } else if (resume && run.done() == 0 && run.todo() == 0) {
            err.println("loomcrawl: nothing to do: the crawl had finished, with no URL left queued; to crawl it "
                    + "again: loomcrawl recrawl " + word(file));
        }
        err.flush();
    }

    /**
     * The line that ends a failure which stopped the crawl with URLs queued (or before it began) and did not say how
     * to go on ({@code --save-cookies: cannot write ...}; a full disk's line says it already).
     */
    static void afterFailure(Path file, PrintWriter err) {
        err.println("To go on: loomcrawl resume " + word(file));
        err.flush();
    }

    /** The path as one shell word: as it is when it can be, else in single quotes. */
    static String word(Path file) {
        return word(file.toString());
    }

    /** {@code s} as one shell word: as it is when it can be, else in single quotes. */
    static String word(String s) {
        return PLAIN.matcher(s).matches() ? s : "'" + s.replace("'", "'\\''") + "'";
    }
}
