package dev.loomcrawl.cli;

import dev.loomcrawl.config.CrawlSettings;

/**
 * The library names a bad setting by its builder method ({@code "maxTasks must be between 1 and 100000, got
 * 0"}); the command line names the option the user typed ({@code "--max-tasks must be ..."}), found in the
 * settings table ({@link CrawlSettings#naming}).
 */
final class OptionNames {
    private OptionNames() {}

    /** The message with a leading builder method name replaced by its option; other messages as they are. */
    static String flags(String message) {
        if (message == null) return null;
        // the scraper's --field is no crawl setting; "form field..." messages speak of the fields, not the option
        if (message.startsWith("field ")) return "--" + message;
        if (message.startsWith("form field")) return message;
        return CrawlSettings.naming(message, "--");
    }
}
