package dev.loomcrawl.cli;

import java.util.Map;

/**
 * The library names a bad setting by its builder method ({@code "maxTasks must be between 1 and 100000, got
 * 0"}); the command line names the option the user typed ({@code "--max-tasks must be ..."}).
 */
final class OptionNames {
    private static final Map<String, String> FLAGS = Map.ofEntries(
            Map.entry("maxTasks", "--max-tasks"), Map.entry("maxRedirects", "--max-redirect"),
            Map.entry("maxTries", "--max-tries"), Map.entry("userAgent", "--user-agent"),
            Map.entry("connectTimeout", "--connect-timeout"), Map.entry("idleTimeout", "--idle-timeout"),
            Map.entry("fetchTimeout", "--fetch-timeout"), Map.entry("maxBodyBytes", "--max-body"),
            Map.entry("maxBodyMemory", "--max-body-memory"),
            Map.entry("header", "--header"), Map.entry("exclude", "--exclude"), Map.entry("include", "--include"),
            Map.entry("resolve", "--resolve"), Map.entry("perHost", "--per-host"), Map.entry("delay", "--delay"),
            Map.entry("maxCrawlDelay", "--max-crawl-delay"), Map.entry("field", "--field"));

    private OptionNames() {}

    /** The message with a leading builder method name replaced by its option; other messages as they are. */
    static String flags(String message) {
        if (message == null) return null;
        int space = message.indexOf(' ');
        String flag = space > 0 ? FLAGS.get(message.substring(0, space)) : null;
        return flag == null ? message : flag + message.substring(space);
    }
}
