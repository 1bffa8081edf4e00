package dev.loomcrawl.config;

import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * One setting of a crawl: a row of {@link CrawlSettings#ALL}. Its name is the command line's option without the
 * dashes ({@code max-pages}), the name a crawl's state saves it under, and its key in the JSON form. The command
 * line's options, their help and their defaults are made from the rows (module loomcrawl-cli, {@code RowOptions}).
 *
 * @param group       where it belongs, as {@link dev.loomcrawl.CrawlConfig} groups it; it says whether a crawl's
 *                    state keeps it ({@link #saved})
 * @param name        its one name
 * @param kind        the type of its values
 * @param repeated    whether it takes a list of values (an option given again adds one)
 * @param choices     the words a {@link SettingKind#CHOICE} takes; empty for other kinds
 * @param label       what one value looks like in help ({@code N}, {@code FILE}, {@code 'NAME: VALUE'})
 * @param description what it does, for the command line's help, the JSON Schema and the docs; its default and
 *                    "Repeatable." are added from the row, never written here
 * @param defaultNote what the default is when it is no value of the setting ("a quarter of the heap"); null when
 *                    the default is a value, which {@link #defaults} gives
 * @param wide        a {@link SettingKind#COUNT} past an int's range (a Java {@code long})
 * @param read        its saved text values in a crawl job, in order; empty when absent (no value)
 * @param write       sets one saved text value on a crawl job being built
 */
public record SettingSpec(SettingGroup group, String name, SettingKind kind, boolean repeated,
                          List<String> choices, String label, String description, String defaultNote, boolean wide,
                          Function<CrawlJob, List<String>> read, BiConsumer<ConfigTarget, String> write) {
    public SettingSpec {
        choices = List.copyOf(choices);
    }

    /** This row, one value shown in help as {@code label}. */
    SettingSpec label(String label) {
        return new SettingSpec(group, name, kind, repeated, choices, label, description, defaultNote, wide, read,
                write);
    }

    /** This row, its default said in help as {@code note} (it is no value of the setting). */
    SettingSpec defaultNote(String note) {
        return new SettingSpec(group, name, kind, repeated, choices, label, description, note, wide, read, write);
    }

    /** This row, a count past an int's range. */
    SettingSpec asWide() {
        return new SettingSpec(group, name, kind, repeated, choices, label, description, defaultNote, true, read,
                write);
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

    /** Its values in a crawl job of every default, as saved text; empty when it has none by default. */
    public List<String> defaults() {
        return read.apply(CrawlSettings.DEFAULTS);
    }

    /**
     * Its default as a person writes it ({@code 10s}, {@code 10MiB}, {@code 100}); null when it has none (no value,
     * or a flag's false, or an empty list), or when {@link #defaultNote} says it.
     */
    public String writtenDefault() {
        List<String> d = defaults();
        if (repeated || d.isEmpty() || kind == SettingKind.FLAG) return null;
        return kind.shown(d.getFirst());
    }

    /** Its default as help says it: {@link #defaultNote}, else {@link #writtenDefault}; null when neither is. */
    public String shownDefault() {
        return defaultNote != null ? defaultNote : writtenDefault();
    }
}
