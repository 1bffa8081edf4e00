package dev.loomcrawl.cli;

import dev.loomcrawl.fetch.Version;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a distribution installs beside the command, made from the command definitions themselves (scripts/dist):
 * the bash completion script (picocli's {@link AutoComplete}) and a man page per command, in troff's man macros
 * (picocli makes AsciiDoc, which needs a converter no machine here has). Not a command of loomcrawl's own:
 * {@code java -cp loomcrawl.jar dev.loomcrawl.cli.Docs completion FILE | man DIR}.
 */
public final class Docs {
    private Docs() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2 || !List.of("completion", "man").contains(args[0])) {
            System.err.println("usage: Docs completion FILE | Docs man DIR");
            System.exit(2);
        }
        CommandLine cli = Main.commandLine();
        if (args[0].equals("completion")) {
            Files.writeString(Path.of(args[1]), AutoComplete.bash("loomcrawl", cli), StandardCharsets.UTF_8);
            return;
        }
        Path dir = Files.createDirectories(Path.of(args[1]));
        String date = LocalDate.now().toString();
        Files.writeString(dir.resolve("loomcrawl.1"), page(cli.getCommandSpec(), "loomcrawl", date));
        for (var sub : cli.getSubcommands().entrySet()) {
            if (sub.getValue().getCommandSpec().usageMessage().hidden() || sub.getKey().equals("help")) continue;
            Files.writeString(dir.resolve("loomcrawl-" + sub.getKey() + ".1"),
                    page(sub.getValue().getCommandSpec(), "loomcrawl-" + sub.getKey(), date));
        }
    }

    /** One command's man page: name, synopsis, description, options (with their defaults), and what follows. */
    static String page(CommandSpec spec, String name, String date) {
        StringBuilder m = new StringBuilder();
        m.append(".TH ").append(name.toUpperCase(Locale.ROOT)).append(" 1 \"").append(date).append("\" \"loomcrawl ")
                .append(dev.loomcrawl.fetch.Version.VERSION).append("\" \"loomcrawl manual\"\n");
        m.append(".SH NAME\n").append(escape(name)).append(" \\- ")
                .append(escape(String.join(" ", spec.usageMessage().description()))).append('\n');
        m.append(".SH SYNOPSIS\n.nf\n").append(escape(new CommandLine.Help(spec, CommandLine.Help.defaultColorScheme(
                CommandLine.Help.Ansi.OFF)).synopsis(0).stripTrailing())).append("\n.fi\n");
        if (!spec.subcommands().isEmpty()) {
            m.append(".SH COMMANDS\n");
            for (var sub : spec.subcommands().entrySet()) {
                if (sub.getValue().getCommandSpec().usageMessage().hidden()) continue;
                m.append(".TP\n.B ").append(escape(sub.getKey())).append('\n')
                        .append(escape(String.join(" ", sub.getValue().getCommandSpec().usageMessage().description())))
                        .append("\nSee \\fBloomcrawl-").append(escape(sub.getKey())).append("\\fR(1).\n");
            }
        }
        List<PositionalParamSpec> positionals = new ArrayList<>();
        for (PositionalParamSpec p : spec.positionalParameters()) if (!p.hidden()) positionals.add(p);
        if (!positionals.isEmpty()) {
            m.append(".SH ARGUMENTS\n");
            for (PositionalParamSpec p : positionals) {
                m.append(".TP\n.I ").append(escape(p.paramLabel())).append('\n')
                        .append(escape(String.join(" ", p.description()))).append('\n');
            }
        }
        m.append(".SH OPTIONS\n");
        for (OptionSpec o : spec.options()) {
            if (o.hidden()) continue;
            m.append(".TP\n").append(option(o)).append('\n').append(escape(String.join(" ", o.description())))
                    .append('\n');
        }
        String[] footer = spec.usageMessage().footer();
        if (footer.length > 0) m.append(".SH NOTES\n").append(escape(String.join("\n", footer).strip())).append('\n');
        m.append(".SH SEE ALSO\n");
        m.append(name.equals("loomcrawl") ? "The loomcrawl\\-COMMAND pages; " : "\\fBloomcrawl\\fR(1); ")
                .append("the documentation at ").append(escape(Version.PROJECT_URL + "/tree/main/docs"))
                .append(".\n");
        return m.toString();
    }

    /** {@code -o, --output FILE} in troff: the names in bold, the parameter in italics (in brackets if optional). */
    private static String option(OptionSpec o) {
        List<String> names = new ArrayList<>();
        for (String n : o.names()) names.add(escape(n));
        String line = "\\fB" + String.join("\\fR, \\fB", names) + "\\fR";
        if (o.arity().max() == 0) return line;
        boolean optional = o.arity().min() == 0;
        return line + (optional ? " [\\fI" : " \\fI") + escape(o.paramLabel()) + "\\fR" + (optional ? "]" : "");
    }

    /**
     * Text whose {@code docs/NAME.md} (a page of the source's docs folder, which an installed copy does not have) is
     * that page online, under {@link Version#PROJECT_URL}.
     */
    static String online(String text) {
        return DOCS_PAGE.matcher(text).replaceAll(m -> Version.PROJECT_URL + "/blob/main/" + m.group());
    }

    private static final java.util.regex.Pattern DOCS_PAGE =
            java.util.regex.Pattern.compile("(?<![\\w/])docs/[\\w.-]+\\.md\\b");

    /** Text as troff prints it: backslashes and hyphens kept, no line read as a request. */
    static String escape(String text) {
        String escaped = online(text).replace("\\", "\\e").replace("-", "\\-");
        StringBuilder out = new StringBuilder();
        for (String line : escaped.split("\n", -1)) {
            if (!out.isEmpty()) out.append('\n');
            if (line.startsWith(".") || line.startsWith("'")) out.append("\\&");
            out.append(line);
        }
        return out.toString();
    }
}
