package dev.loomcrawl.setting;

import java.util.Locale;

/**
 * A setting's value refused: which setting, and what is wrong. The message is the library's, naming the setting by
 * its builder method ({@code "maxTasks must be between 1 and 100000, got 0"}), as it always has; a front end names
 * it its own way from the fields ({@link #naming}: the command line's {@code "--max-tasks must be ..."}, a JSON
 * configuration's {@code "setting max-tasks must be ..."}) rather than by reading the message.
 */
public final class BadSetting extends IllegalArgumentException {
    private final String method;
    private final String setting;
    private final String problem;

    /** A bad value given to the builder method {@code method}, whose setting is its name in kebab case. */
    public BadSetting(String method, String problem) {
        this(method, method.replaceAll("([A-Z])", "-$1").toLowerCase(Locale.ROOT), problem);
    }

    /**
     * A bad value given to the builder method {@code method} of the setting {@code setting} (its option without
     * the dashes, its key in a JSON configuration); {@code problem} follows the name in the message
     * ({@code "must be 1 or more, got 0"}).
     */
    public BadSetting(String method, String setting, String problem) {
        super(method + " " + problem);
        this.method = method;
        this.setting = setting;
        this.problem = problem;
    }

    /** The builder method the value was given to, as the message names it ({@code maxTasks}). */
    public String method() {
        return method;
    }

    /** The setting's name: its option without the dashes and its key in a JSON configuration ({@code max-tasks}). */
    public String setting() {
        return setting;
    }

    /** What is wrong with the value, the message after the name ({@code must be between 1 and 100000, got 0}). */
    public String problem() {
        return problem;
    }

    /** The message naming the setting as {@code prefix} and its name: {@code naming("--")} is "--max-tasks must...". */
    public String naming(String prefix) {
        return prefix + setting + " " + problem;
    }
}
