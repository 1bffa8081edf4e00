package dev.loomcrawl.cli;

import dev.loomcrawl.setting.BadSetting;

/**
 * The library names a bad setting by its builder method ({@code "maxTasks must be between 1 and 100000, got
 * 0"}); the command line names the option the user typed ({@code "--max-tasks must be ..."}), which is the
 * setting's name ({@link BadSetting#setting()}) with two dashes. Other refusals (a root that is no URL, a form
 * field given no value) say what they say.
 */
final class OptionNames {
    private OptionNames() {}

    /** The message of {@code e}, naming the option when it is a refused setting. */
    static String flags(Exception e) {
        return e instanceof BadSetting b ? b.naming("--") : e.getMessage();
    }
}
