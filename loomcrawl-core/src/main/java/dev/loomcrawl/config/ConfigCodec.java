package dev.loomcrawl.config;

import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.state.Setting;

import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A {@link CrawlConfig} as a list of (name, value) text settings, for a store to keep and a person to read: the
 * saved rows of {@link CrawlSettings#ALL}, in its order. Names are the command line's option names without their
 * dashes ({@code max-tasks}); list settings repeat their name, in order ({@code root}, {@code include}...);
 * durations are ISO-8601 ({@code PT10S}), sizes are bytes, limits that are off are {@code -1} (or absent, for
 * {@code max-time}). A missing name takes its default, so older files keep working when settings are added; an
 * unknown name is refused, since a newer loomcrawl wrote it and this one cannot honour it.
 *
 * <p>A crawl with a state file also keeps its job's outputs, scraping and rendering ({@link #encodeKept}), so that
 * each run does the same: named {@code GROUP.NAME} ({@code outputs.output}), beside the configuration.
 */
public final class ConfigCodec {
    /** The prefix under which builds before the settings table kept outputs, scraping and rendering. */
    private static final String LEGACY = "cli.";

    private ConfigCodec() {}

    public static List<Setting> encode(CrawlConfig c) {
        List<Setting> out = new ArrayList<>();
        CrawlJob job = CrawlJob.of(c);
        for (SettingSpec s : CrawlSettings.ALL) {
            if (s.saved() && s.ofConfig()) s.read().apply(job).forEach(v -> out.add(new Setting(s.name(), v)));
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
            if (s.saved() && s.ofConfig()) setSaved(target, s, byName.remove(s.name()));
        }
        refuseUnknown(byName);
    }

    /**
     * What a crawl with a state file keeps beside its configuration: the job's outputs, scraping and rendering,
     * each setting named {@code GROUP.NAME}.
     */
    public static List<Setting> encodeKept(CrawlJob job) {
        List<Setting> out = new ArrayList<>();
        for (SettingSpec s : CrawlSettings.ALL) {
            if (kept(s)) s.read().apply(job).forEach(v -> out.add(new Setting(keptName(s), v)));
        }
        return out;
    }

    /**
     * Sets what {@link #encodeKept} kept on {@code target}, or what a build before it kept ({@code cli.NAME});
     * settings of other prefixes (where outputs ended, say) are not the job's and are left. A bad or unknown one is
     * an IllegalArgumentException naming it.
     */
    public static void decodeKept(ConfigTarget target, List<Setting> settings) {
        Set<String> prefixes = new HashSet<>(Set.of(LEGACY));
        CrawlSettings.ALL.stream().filter(ConfigCodec::kept).forEach(s -> prefixes.add(s.group().label() + "."));
        Map<String, List<String>> byName = new LinkedHashMap<>();
        for (Setting s : settings) {
            if (prefixes.contains(s.name().substring(0, s.name().indexOf('.') + 1))) {
                byName.computeIfAbsent(s.name(), n -> new ArrayList<>()).add(s.value());
            }
        }
        legacyRender(byName);
        for (SettingSpec s : CrawlSettings.ALL) {
            if (!kept(s)) continue;
            List<String> values = new ArrayList<>();
            for (String name : List.of(keptName(s), LEGACY + s.name())) {
                List<String> v = byName.remove(name);
                if (v != null) values.addAll(v);
            }
            setSaved(target, s, values.isEmpty() ? null : values);
        }
        refuseUnknown(byName);
    }

    private static boolean kept(SettingSpec s) {
        return s.saved() && !s.ofConfig();
    }

    private static String keptName(SettingSpec s) {
        return s.group().label() + "." + s.name();
    }

    /**
     * The render settings as builds before the table kept them, made the rows': {@code cli.render} was the include
     * pattern, or empty for every page, and {@code cli.render-auto} said auto.
     */
    private static void legacyRender(Map<String, List<String>> byName) {
        List<String> render = byName.remove(LEGACY + "render");
        List<String> auto = byName.remove(LEGACY + "render-auto");
        if (render == null) {
            if (auto != null) byName.put(LEGACY + "render-auto", auto); // refused, as unknown
        } else if (auto != null && auto.equals(List.of("true"))) {
            byName.put(LEGACY + "render", List.of("auto"));
        } else if (render.equals(List.of(""))) {
            byName.put(LEGACY + "render", List.of("all"));
        } else {
            byName.put(LEGACY + "render-include", render);
        }
    }

    private static void setSaved(ConfigTarget target, SettingSpec s, List<String> values) {
        if (values == null) return;
        if (!s.repeated() && values.size() > 1) {
            throw new IllegalArgumentException("setting " + s.name() + " is given twice");
        }
        values.forEach(v -> set(target, s, v));
    }

    private static void refuseUnknown(Map<String, List<String>> byName) {
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
