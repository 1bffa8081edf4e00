package dev.loomcrawl.serve;

import dev.loomcrawl.config.SettingKind;

import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * One setting of a server's own (not of a crawl: those are {@link dev.loomcrawl.config.SettingSpec}'s), a row of
 * {@link ServeSettings#ROWS} or {@code mcp.McpSettings.ROWS}, of the same shape as a crawl's: its name (the command
 * line's option without its dashes), the type of its values, what one looks like, what it does, its default, and
 * how it is read from and written to the settings being built ({@code T}). The command line's options of
 * {@code serve} and {@code mcp}, their help and their defaults are made from the rows.
 *
 * @param name        its one name
 * @param kind        the type of its values
 * @param repeated    whether it takes a list of values (an option given again adds one)
 * @param label       what one value looks like in help ({@code N}, {@code HOST:PORT})
 * @param description what it does; its default and "Repeatable." are added from the row
 * @param defaultNote what the default is when the settings being built hold no value for it; null: the value
 * @param wide        a {@link SettingKind#COUNT} past an int's range
 * @param mcp         whether {@code loomcrawl mcp} takes it too (it is serve's, and the MCP server's jobs are serve's)
 * @param read        its values as saved text (a duration in ISO-8601, a size in bytes); empty when it has none
 * @param write       sets one value, as saved text
 * @param <T>         the settings being built
 */
public record ServeSetting<T>(String name, SettingKind kind, boolean repeated, String label, String description,
                              String defaultNote, boolean wide, boolean mcp, Function<T, List<String>> read,
                              BiConsumer<T, String> write) {
    /** A row of one value. */
    public static <T> ServeSetting<T> one(String name, SettingKind kind, String label, String description,
                                          boolean mcp, Function<T, ?> get, BiConsumer<T, String> set) {
        return new ServeSetting<>(name, kind, false, label, description, null, false, mcp, t -> {
                    Object v = get.apply(t);
                    return v == null ? List.of() : List.of(kind.text(v));
                }, set);
    }

    /** This row, a count past an int's range. */
    public ServeSetting<T> asWide() {
        return new ServeSetting<>(name, kind, repeated, label, description, defaultNote, true, mcp, read, write);
    }

    /** This row, its default said in help as {@code note}. */
    public ServeSetting<T> defaultNote(String note) {
        return new ServeSetting<>(name, kind, repeated, label, description, note, wide, mcp, read, write);
    }

    /** This row, a list of values. */
    public ServeSetting<T> asRepeated() {
        return new ServeSetting<>(name, kind, true, label, description, defaultNote, wide, mcp, read, write);
    }

    /** Its default as a person writes it ({@code 24h}, {@code 1MiB}), read from {@code defaults}; null: none. */
    public String writtenDefault(T defaults) {
        List<String> d = read.apply(defaults);
        if (repeated || d.isEmpty() || kind == SettingKind.FLAG) return null;
        return kind.shown(d.getFirst());
    }

    /** Its default as help says it: {@link #defaultNote}, else {@link #writtenDefault}; null when neither is. */
    public String shownDefault(T defaults) {
        return defaultNote != null ? defaultNote : writtenDefault(defaults);
    }
}
