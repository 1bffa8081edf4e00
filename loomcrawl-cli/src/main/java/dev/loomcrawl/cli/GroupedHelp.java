package dev.loomcrawl.cli;

import dev.loomcrawl.config.CrawlSettings;
import dev.loomcrawl.config.SettingGroup;
import dev.loomcrawl.config.SettingSpec;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The help of every command: a short synopsis, the description, then the options that are the settings table's
 * rows under the table's groups (decision 36): all of {@code crawl}'s, {@code resume}'s and {@code recrawl}'s, and
 * those of another command named as a row is ({@code check}'s {@code --exclude}...). {@code --help} names each
 * group's options on a few lines; {@code --help-all} (and the man page) describes each. The command's own options
 * are described in both. Every line is broken between words, at 80 columns or the
 * terminal's width if narrower ({@link WrappedLines#wrap}), never inside a word as picocli's table may.
 */
final class GroupedHelp {
    /** The option that asks for every option, described. */
    static final String HELP_ALL = "--help-all";
    private static final int WIDTH = 80;
    /** Where an option's description starts. */
    private static final int DESCRIBED_AT = 28;

    private GroupedHelp() {}

    /** Puts grouped help on {@code cli}, whose row options are the keys of {@code groups}; adds --help-all. */
    static void on(CommandLine cli, Map<OptionSpec, SettingGroup> groups) {
        cli.getCommandSpec().addOption(OptionSpec.builder(HELP_ALL).usageHelp(true)
                .description("Show every option, each described, and exit.").build());
        cli.getCommandSpec().usageMessage().abbreviateSynopsis(true);
        sections(cli, groups);
    }

    /**
     * The same layout on {@code cli} and each of its subcommands that has no grouped help yet, so that every
     * command's help is broken between words and takes {@code --help-all}: a command's options that are rows of the
     * settings table by their name ({@code check}'s {@code --exclude}, {@code map}'s {@code --max-pages}) are grouped
     * under the table's groups as {@link #on} does, its others described under "Options:".
     */
    static void everywhere(CommandLine cli) {
        CommandSpec spec = cli.getCommandSpec();
        if (spec.findOption(HELP_ALL) == null) {
            spec.addOption(OptionSpec.builder(HELP_ALL).usageHelp(true)
                    .description("Show every option, each described, and exit.").build());
            sections(cli, rowsByName(spec));
        }
        for (CommandLine sub : cli.getSubcommands().values()) everywhere(sub);
    }

    /**
     * The options of {@code spec} named as a row of the settings table is, with the row's group; but for the rows of
     * what a crawl writes, where it keeps its state and how the process runs, whose names another command gives its
     * own meaning ({@code check --format} is its report's, {@code status --state} the file it reads).
     */
    private static Map<OptionSpec, SettingGroup> rowsByName(CommandSpec spec) {
        Map<String, SettingGroup> byOption = new java.util.HashMap<>();
        for (SettingSpec row : CrawlSettings.ALL) {
            SettingGroup g = row.group();
            if (g != SettingGroup.OUTPUTS && g != SettingGroup.STATE && g != SettingGroup.RUN) {
                byOption.put(row.option(), g);
            }
        }
        Map<OptionSpec, SettingGroup> groups = new IdentityHashMap<>();
        for (OptionSpec o : spec.options()) {
            SettingGroup g = byOption.get(o.longestName());
            if (g != null) groups.put(o, g);
        }
        return groups;
    }

    private static void sections(CommandLine cli, Map<OptionSpec, SettingGroup> groups) {
        // a command's synopsis lists its options in brackets over many lines: [OPTIONS] instead (loomcrawl's own
        // two fit one line)
        if (cli.getParent() != null) cli.getCommandSpec().usageMessage().abbreviateSynopsis(true);
        Map<String, CommandLine.IHelpSectionRenderer> sections = cli.getHelpSectionMap();
        sections.put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_DESCRIPTION, help -> paragraphs(help));
        sections.put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_PARAMETER_LIST, help -> parameters(help));
        sections.put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_OPTION_LIST, help -> options(help, groups));
        sections.put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_OPTION_LIST_HEADING, help -> "");
    }

    private static int width(CommandLine.Help help) {
        return Math.min(WIDTH, Math.max(40, help.commandSpec().usageMessage().width()));
    }

    /** Whether every option is described: asked with --help-all, or help made with no command line (the man page). */
    private static boolean full(CommandSpec spec) {
        CommandLine.ParseResult given = spec.commandLine() == null ? null : spec.commandLine().getParseResult();
        return given == null || given.hasMatchedOption(HELP_ALL);
    }

    /** The description's paragraphs, each broken between words. */
    private static String paragraphs(CommandLine.Help help) {
        StringBuilder out = new StringBuilder();
        for (String paragraph : help.commandSpec().usageMessage().description()) {
            out.append(WrappedLines.wrap(paragraph, 0, width(help), "")).append('\n');
        }
        return out.toString();
    }

    private static String parameters(CommandLine.Help help) {
        StringBuilder out = new StringBuilder();
        for (PositionalParamSpec p : help.commandSpec().positionalParameters()) {
            if (p.hidden()) continue;
            out.append(described("      " + p.paramLabel() + (p.arity().max() > 1 ? "..." : ""),
                    String.join(" ", p.description()), width(help)));
        }
        return out.toString();
    }

    private static String options(CommandLine.Help help, Map<OptionSpec, SettingGroup> groups) {
        CommandSpec spec = help.commandSpec();
        boolean full = full(spec);
        int width = width(help);
        Map<SettingGroup, List<OptionSpec>> byGroup = new EnumMap<>(SettingGroup.class);
        List<OptionSpec> own = new ArrayList<>();
        Map<OptionSpec, SettingGroup> known = new IdentityHashMap<>(groups);
        for (OptionSpec o : spec.options()) {
            if (o.hidden()) continue;
            SettingGroup g = known.get(o);
            if (g == null) own.add(o);
            else byGroup.computeIfAbsent(g, k -> new ArrayList<>()).add(o);
        }
        StringBuilder out = new StringBuilder();
        for (Map.Entry<SettingGroup, List<OptionSpec>> e : byGroup.entrySet()) {
            out.append('\n').append(WrappedLines.wrap(heading(e.getKey()), 0, width, "")).append('\n');
            if (full) {
                for (OptionSpec o : e.getValue()) out.append(described(o, width));
            } else {
                List<String> names = new ArrayList<>();
                for (OptionSpec o : e.getValue()) names.add(o.longestName());
                out.append(WrappedLines.wrap("  " + String.join(" ", names), 0, width, "  ")).append('\n');
            }
        }
        if (!own.isEmpty()) out.append(groups.isEmpty() ? "Options:\n" : "\nThis command's own options:\n");
        for (OptionSpec o : own) out.append(described(o, width));
        if (!full && !groups.isEmpty()) {
            out.append('\n').append(WrappedLines.wrap("Each option above, described: " + spec.qualifiedName() + " "
                    + HELP_ALL + " (or man " + spec.qualifiedName().replace(' ', '-') + ").", 0, width, ""))
                    .append('\n');
        }
        return out.toString();
    }

    /** "Scope: where the crawl starts and which URLs it may reach" */
    private static String heading(SettingGroup group) {
        String label = switch (group) {
            case HTTP -> "HTTP";
            case LINK_CHECK -> "Link check";
            default -> group.label().substring(0, 1).toUpperCase(java.util.Locale.ROOT) + group.label().substring(1);
        };
        return label + ": " + group.summary();
    }

    private static String described(OptionSpec o, int width) {
        StringBuilder names = new StringBuilder();
        String[] all = o.names();
        boolean shortFirst = all[0].length() == 2;
        names.append(shortFirst ? "  " : "      ");
        for (int i = 0; i < all.length; i++) names.append(i == 0 ? "" : ", ").append(all[i]);
        if (o.arity().max() > 0) names.append('=').append(o.paramLabel());
        String description = String.join(" ", o.description());
        CommandLine.Model.ArgSpec arg = o;
        return described(names.toString(), description.replace("${DEFAULT-VALUE}", String.valueOf(arg.defaultValue())),
                width);
    }

    /** {@code left} (names, a label), then the description at {@link #DESCRIBED_AT}, broken between words. */
    private static String described(String left, String description, int width) {
        String indent = " ".repeat(DESCRIBED_AT);
        String start = left.length() <= DESCRIBED_AT - 2
                ? left + " ".repeat(DESCRIBED_AT - left.length())
                : left + "\n" + indent;
        return start + WrappedLines.wrap(description, DESCRIBED_AT, width, indent) + "\n";
    }
}
