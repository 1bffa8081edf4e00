package dev.loomcrawl.config;

import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * One setting of a crawl: a row of {@link CrawlSettings#ALL}. Its name is the command line's option without the
 * dashes ({@code max-pages}), the name a crawl's state saves it under, and its key in the JSON form.
 *
 * @param group       where it belongs, which says whether a crawl's state keeps it ({@link #saved})
 * @param name        its one name
 * @param kind        the type of its values
 * @param repeated    whether it takes a list of values (an option given again adds one)
 * @param choices     the words a {@link SettingKind#CHOICE} takes; empty for other kinds
 * @param description one sentence for the JSON Schema and the docs
 * @param read        its saved text values in a crawl job, in order; empty when absent (no value)
 * @param write       sets one saved text value on a crawl job being built
 */
public record SettingSpec(SettingGroup group, String name, SettingKind kind, boolean repeated,
                          List<String> choices, String description, Function<CrawlJob, List<String>> read,
                          BiConsumer<ConfigTarget, String> write) {
    public SettingSpec {
        choices = List.copyOf(choices);
    }

    /** The option that sets it on the command line. */
    public String option() {
        return "--" + name;
    }

    /** Whether a crawl's state keeps it ({@link SettingGroup#saved}). */
    public boolean saved() {
        return group.saved();
    }

    /** Whether it is the saved configuration's, kept under its plain name ({@link SettingGroup#ofConfig}). */
    public boolean ofConfig() {
        return group.ofConfig();
    }
}
