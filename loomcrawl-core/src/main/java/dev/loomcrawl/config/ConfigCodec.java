package dev.loomcrawl.config;

import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.state.Setting;

import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@link CrawlConfig} as a list of (name, value) text settings, for a store to keep and a person to read: the
 * saved rows of {@link CrawlSettings#ALL}, in its order. Names are the command line's option names without their
 * dashes ({@code max-tasks}); list settings repeat their name, in order ({@code root}, {@code include}...);
 * durations are ISO-8601 ({@code PT10S}), sizes are bytes, limits that are off are {@code -1} (or absent, for
 * {@code max-time}). A missing name takes its default, so older files keep working when settings are added; an
 * unknown name is refused, since a newer loomcrawl wrote it and this one cannot honour it.
 */
public final class ConfigCodec {
    private ConfigCodec() {}

    public static List<Setting> encode(CrawlConfig c) {
        List<Setting> out = new ArrayList<>();
        for (SettingSpec s : CrawlSettings.ALL) {
            if (s.saved()) s.read().apply(c).forEach(v -> out.add(new Setting(s.name(), v)));
        }
        return out;
    }

    /** Rebuilds the configuration; a bad or unknown setting is an {@link IllegalArgumentException} naming it. */
    public static CrawlConfig decode(List<Setting> settings) {
        ConfigTarget target = new ConfigTarget();
        decodeInto(target, settings);
        return target.build();
    }

    /** Sets the saved settings on {@code target}; a bad or unknown one is an IllegalArgumentException naming it. */
    public static void decodeInto(ConfigTarget target, List<Setting> settings) {
        Map<String, List<String>> byName = new LinkedHashMap<>();
        settings.forEach(s -> byName.computeIfAbsent(s.name(), n -> new ArrayList<>()).add(s.value()));
        for (SettingSpec s : CrawlSettings.ALL) {
            List<String> values = s.saved() ? byName.remove(s.name()) : null;
            if (values == null) continue;
            if (!s.repeated() && values.size() > 1) {
                throw new IllegalArgumentException("setting " + s.name() + " is given twice");
            }
            values.forEach(v -> set(target, s, v));
        }
        if (!byName.isEmpty()) {
            throw new IllegalArgumentException("unknown settings " + byName.keySet()
                    + " (written by a newer loomcrawl?)");
        }
    }

    /** Sets one saved value; a value the setting cannot take is an IllegalArgumentException naming both. */
    public static void set(ConfigTarget target, SettingSpec s, String value) {
        try {
            s.write().accept(target, value);
        } catch (IllegalArgumentException | DateTimeParseException e) {
            throw new IllegalArgumentException("setting " + s.name() + " has a bad value: " + value);
        }
    }
}
