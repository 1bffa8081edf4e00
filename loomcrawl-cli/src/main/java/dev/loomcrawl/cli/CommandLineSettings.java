package dev.loomcrawl.cli;

import dev.loomcrawl.config.ConfigTarget;
import dev.loomcrawl.config.CrawlSettings;
import dev.loomcrawl.config.SettingSpec;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The options a command line gave, as crawl settings: each option named as its row of {@link CrawlSettings} (the
 * option is {@code --} and the row's name) sets that row, with the value picocli converted. An option that is no
 * crawl setting (where outputs go, the report, the state file, logging) is the command's own and is left alone.
 * Options not given are not set: the settings' defaults are the table's, or a saved crawl's.
 */
final class CommandLineSettings {
    /** Options that set a row under another name, and the value they set. */
    static final Map<String, Map.Entry<String, String>> SPELLED_OTHERWISE = RowOptions.FLAGS.stream()
            .collect(java.util.stream.Collectors.toUnmodifiableMap(RowOptions.Flag::option,
                    f -> Map.entry(f.row(), f.value())));
    /** Turns the trap guards off, before the guards given as options are set. */
    static final String NO_TRAP_GUARDS = "--no-trap-guards";

    private CommandLineSettings() {}

    /** The setting {@code option} sets, if it sets one. */
    static Optional<SettingSpec> settingOf(OptionSpec option) {
        for (String name : option.names()) {
            Map.Entry<String, String> other = SPELLED_OTHERWISE.get(name);
            if (other != null) return CrawlSettings.named(other.getKey());
            if (name.startsWith("--")) {
                Optional<SettingSpec> s = CrawlSettings.named(name.substring(2));
                if (s.isPresent()) return s;
            }
        }
        return Optional.empty();
    }

    /** The names of the settings given on this command line ({@code root} when ROOT arguments are). */
    static Set<String> given(CommandLine.ParseResult given, boolean roots) {
        Set<String> names = new LinkedHashSet<>();
        if (roots) names.add("root");
        for (OptionSpec o : matched(given)) settingOf(o).ifPresent(s -> names.add(s.name()));
        if (given.hasMatchedOption(NO_TRAP_GUARDS)) {
            List.of("max-path-segments", "max-segment-repeats", "max-query-parameters", "max-query-length",
                    "max-parameter-repeats", "max-urls-per-shape").forEach(names::add);
        }
        return names;
    }

    /**
     * Sets each setting given on this command line on {@code target}; a value the setting refuses is an
     * IllegalArgumentException naming its builder method, as the library's are.
     */
    static void apply(CommandLine.ParseResult given, ConfigTarget target) {
        if (given.hasMatchedOption(NO_TRAP_GUARDS)) target.noTrapGuards();
        for (OptionSpec o : matched(given)) {
            Optional<SettingSpec> setting = settingOf(o);
            if (setting.isEmpty()) continue;
            SettingSpec s = setting.get();
            Map.Entry<String, String> other = otherSpelling(o); // --no-http2, --strict: their value is fixed
            if (other != null) {
                s.write().accept(target, other.getValue());
            } else if (o.getValue() instanceof List<?> values) {
                for (Object v : values) s.write().accept(target, s.kind().text(v));
            } else if (o.getValue() != null) {
                s.write().accept(target, s.kind().text(o.getValue()));
            }
        }
    }

    /**
     * The options given, once each (an option given twice is matched twice, and its value already holds both),
     * those that read their own words too ({@code --render [auto]}), which picocli does not count as matched.
     */
    private static Set<OptionSpec> matched(CommandLine.ParseResult given) {
        Set<OptionSpec> matched = new LinkedHashSet<>(given.matchedOptions());
        for (OptionSpec o : given.commandSpec().options()) {
            if (o.parameterConsumer() != null && o.getValue() != null) matched.add(o);
        }
        return matched;
    }

    private static Map.Entry<String, String> otherSpelling(OptionSpec o) {
        for (String name : o.names()) {
            if (SPELLED_OTHERWISE.containsKey(name)) return SPELLED_OTHERWISE.get(name);
        }
        return null;
    }
}
