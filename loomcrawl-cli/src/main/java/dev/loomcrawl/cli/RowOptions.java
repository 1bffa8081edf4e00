package dev.loomcrawl.cli;

import dev.loomcrawl.config.CrawlSettings;
import dev.loomcrawl.config.SettingGroup;
import dev.loomcrawl.config.SettingKind;
import dev.loomcrawl.config.SettingSpec;
import dev.loomcrawl.serve.ServeSetting;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

import java.time.Duration;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The options of {@code crawl}, {@code resume} and {@code recrawl} made from the rows of {@link CrawlSettings}, and
 * those of {@code serve} and {@code mcp} from the rows of {@link ServeSetting} tables, with picocli's programmatic
 * API: each row's name, value label, description, default and type (its converter) are the row's, written once
 * there. A command adds its own few options by hand ({@code --config}, {@code --verbose}...),
 * listed after the rows'. What the command line spells its own way is here: other names ({@code -k},
 * {@code --max_tasks}, the seed's), and the flags that set a row to a fixed value ({@code --no-http2},
 * {@code --strict}, {@link CommandLineSettings#SPELLED_OTHERWISE}).
 */
final class RowOptions {
    /** Names a row's option has beside its {@code --name}: short ones first, then the seed's underscores. */
    static final Map<String, List<String>> OTHER_NAMES = Map.of(
            "max-tasks", List.of("--max_tasks"),
            "max-redirect", List.of("--max_redirect"),
            "max-tries", List.of("--max_tries"),
            "insecure", List.of("-k"),
            "header", List.of("-H"));

    /** How help says the default of a row whose value a saved crawl keeps: resume takes the saved one. */
    static final String SAVED = "the saved value";

    private RowOptions() {}

    /**
     * The command line of {@code command} (its own options annotated), the options of the rows {@code rows} selects
     * first, in the table's order; {@code keptDefaults} says, for resume, that the saved rows default to the saved
     * crawl's values.
     */
    static CommandLine commandLine(Object command, Predicate<SettingSpec> rows, boolean keptDefaults) {
        List<OptionSpec> options = new ArrayList<>();
        Map<OptionSpec, SettingGroup> groups = new IdentityHashMap<>();
        for (SettingSpec row : CrawlSettings.ALL) {
            if (!rows.test(row)) continue;
            for (OptionSpec o : options(row, keptDefaults && row.saved())) {
                options.add(o);
                groups.put(o, row.group());
            }
        }
        CommandLine cli = commandLine(command, options);
        GroupedHelp.on(cli, groups); // help under the table's groups, --help-all
        return cli;
    }

    /** The command line of {@code command}: {@code rowOptions}, then its own options (annotated). */
    static CommandLine commandLine(Object command, List<OptionSpec> rowOptions) {
        CommandSpec spec = CommandSpec.forAnnotatedObject(command);
        List<OptionSpec> own = List.copyOf(spec.options());
        own.forEach(spec::remove);
        rowOptions.forEach(spec::addOption);
        own.forEach(spec::addOption);
        return new CommandLine(spec);
    }

    /** The option {@code --NAME} of a server's setting, its default read from {@code defaults}. */
    static <T> OptionSpec option(ServeSetting<T> row, T defaults) {
        String shown = row.writtenDefault(defaults);
        OptionSpec.Builder b = builder(List.of("--" + row.name()), row.kind(), row.repeated(), row.label(),
                row.wide(), description(row.description(), row.repeated(), row.shownDefault(defaults)), shown);
        if (row.name().equals("listen")) b.converters(new Converters.HostPortConverter());
        return b.build();
    }

    /** Sets each of {@code rows} given on this command line on {@code target}, its value as saved text. */
    static <T> void apply(CommandLine.ParseResult given, List<ServeSetting<T>> rows, T target) {
        for (ServeSetting<T> row : rows) {
            OptionSpec o = given.matchedOption("--" + row.name());
            if (o == null) continue;
            if (o.getValue() instanceof List<?> values) {
                for (Object v : values) row.write().accept(target, row.kind().text(v));
            } else {
                row.write().accept(target, row.kind().text(o.getValue()));
            }
        }
    }

    /**
     * A flag that sets a row to a fixed value.
     *
     * @param alone the row has no option of its own: the flag stands for it ({@code --no-http2}; no {@code --http2})
     */
    record Flag(String option, String row, String value, boolean alone, String description) {}

    /** The flags that set a row to a fixed value, each listed before the row's own option. */
    static final List<Flag> FLAGS = List.of(
            new Flag("--no-http2", "http2", "false", true, "Only speak HTTP/1.1."),
            new Flag("--strict", "lenient", "false", false, "Hosts must equal a root's, but for a leading www. "
                    + "(default)."));

    /** The options of one row: the flags that set it to a fixed value, then its own (unless a flag stands for it). */
    static List<OptionSpec> options(SettingSpec row, boolean saved) {
        List<OptionSpec> options = new ArrayList<>();
        boolean own = true;
        for (Flag f : FLAGS) {
            if (!f.row().equals(row.name())) continue;
            options.add(OptionSpec.builder(f.option()).arity("0").type(boolean.class).description(f.description())
                    .build());
            own &= !f.alone();
        }
        if (own) options.add(option(row, saved));
        return options;
    }

    /** The option {@code --NAME} of a row ({@code saved}: resume's, its default the saved crawl's). */
    static OptionSpec option(SettingSpec row, boolean saved) {
        List<String> names = new ArrayList<>(OTHER_NAMES.getOrDefault(row.name(), List.of()));
        names.add(names.isEmpty() || names.getFirst().startsWith("--") ? 0 : names.size(), row.option());
        String description = description(row.description(), row.repeated(), saved ? SAVED : row.shownDefault());
        OptionSpec.Builder b = builder(names, row.kind(), row.repeated(), row.label(), row.wide(), description,
                saved ? null : row.writtenDefault());
        if (row.kind() == SettingKind.CHOICE) b.converters(new Choice(row.choices()));
        if (row.name().equals("render")) { // --render [auto]: a word of its own only when it is that one
            b.arity("0").defaultValue(null).parameterConsumer(new RenderMode());
        }
        return b.build();
    }

    /** An option of a setting of this kind: its type (and so its converter) and arity are the kind's. */
    private static OptionSpec.Builder builder(List<String> names, SettingKind kind, boolean repeated, String label,
                                              boolean wide, String description, String defaultValue) {
        OptionSpec.Builder b = OptionSpec.builder(names.toArray(String[]::new)).description(description);
        if (kind == SettingKind.FLAG) return b.arity("0").type(boolean.class);
        b.paramLabel(label);
        if (repeated) return b.type(List.class).auxiliaryTypes(String.class);
        // -1 (no limit) is the table's, not an option's: --max-bytes takes a size
        if (defaultValue != null && !(kind == SettingKind.SIZE && defaultValue.equals("-1"))) {
            b.defaultValue(defaultValue);
        }
        return switch (kind) {
            case COUNT -> b.type(wide ? Long.class : Integer.class);
            case SIZE -> b.type(Long.class).converters(new Converters.SizeConverter());
            case DURATION -> b.type(Duration.class).converters(new Converters.DurationConverter());
            default -> b.type(String.class);
        };
    }

    /** A row's help: its description, then its default and "Repeatable.", each when it has one. */
    static String description(String description, boolean repeated, String shownDefault) {
        String text = description;
        if (shownDefault != null && text.endsWith(").")) { // "(-1: no limit)." -> "(-1: no limit; default: -1)."
            text = text.substring(0, text.length() - 2) + "; default: " + shownDefault + ").";
        } else if (shownDefault != null) {
            text = text.substring(0, text.length() - 1) + " (default: " + shownDefault + ").";
        }
        return repeated ? text + " Repeatable." : text;
    }

    /** One of a row's words ({@code --scope host}), or the one line saying which there are. */
    static final class Choice implements CommandLine.ITypeConverter<String> {
        private final List<String> words;

        Choice(List<String> words) {
            this.words = words;
        }

        @Override
        public String convert(String value) {
            String word = value.trim().toLowerCase(Locale.ROOT);
            if (!words.contains(word)) {
                throw new CommandLine.TypeConversionException("'" + value + "' is not one of "
                        + String.join(", ", words));
            }
            return word;
        }
    }

    /**
     * Reads {@code --render}'s optional word: {@code auto} when the next argument is exactly that (or it is given as
     * {@code --render=auto}), else nothing, so that {@code --render https://example.com/} still takes the URL as a
     * root rather than as a mode.
     */
    static final class RenderMode implements CommandLine.IParameterConsumer {
        @Override
        public void consumeParameters(java.util.Stack<String> args, CommandLine.Model.ArgSpec argSpec,
                                      CommandSpec commandSpec) {
            String mode = "all";
            if (!args.isEmpty() && args.peek().equals("auto")) mode = args.pop();
            argSpec.setValue(mode);
        }
    }
}
