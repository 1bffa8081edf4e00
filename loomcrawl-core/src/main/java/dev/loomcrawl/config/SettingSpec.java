package dev.loomcrawl.config;

import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * One setting of a crawl: a row of {@link CrawlSettings#ALL}. Its name is the command line's option without the
 * dashes ({@code max-pages}), the name a crawl's state saves it under, and its key in the JSON form.
 *
 * @param group       where it belongs
 * @param name        its one name
 * @param kind        the type of its values
 * @param repeated    whether it takes a list of values (an option given again adds one)
 * @param saved       whether a crawl's state keeps it (a process's own settings are not: {@link SettingGroup#RUN})
 * @param choices     the words a {@link SettingKind#CHOICE} takes; empty for other kinds
 * @param description one sentence for the JSON Schema and the docs
 * @param read        its saved text values in a configuration, in order; empty when absent (no value)
 * @param write       sets one saved text value on a configuration being built
 */
public record SettingSpec(SettingGroup group, String name, SettingKind kind, boolean repeated, boolean saved,
                          List<String> choices, String description,
                          Function<dev.loomcrawl.CrawlConfig, List<String>> read,
                          BiConsumer<ConfigTarget, String> write) {
    public SettingSpec {
        choices = List.copyOf(choices);
    }

    /** The option that sets it on the command line. */
    public String option() {
        return "--" + name;
    }
}
