package dev.loomcrawl.cli;

import dev.loomcrawl.config.CrawlSettings;
import dev.loomcrawl.config.SettingGroup;
import dev.loomcrawl.config.SettingKind;
import dev.loomcrawl.config.SettingSpec;
import dev.loomcrawl.config.Units;
import dev.loomcrawl.serve.ServeSetting;
import dev.loomcrawl.serve.ServeSettings;
import dev.loomcrawl.serve.mcp.McpSettings;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The options of crawl, resume, recrawl, serve and mcp are made from their tables ({@link CrawlSettings},
 * {@link ServeSettings}, {@link McpSettings}): each row is an option with the row's description and default, shown
 * so in --help, and no option is there that is neither a row nor the command's own. Their names, short names, value
 * labels, arity and value types are those the hand-written options had (the lists below were taken from them), so
 * that a command line that worked still works, and a bad value gets the same one-line error.
 */
class OptionTablesTest {
    private static final List<String> CRAWL = List.of(
            "--allow-private",
            "--chunk-all-kinds",
            "--chunk-size=N int",
            "--chunks=FILE",
            "--config=FILE",
            "--connect-timeout=DURATION",
            "--content-dir=DIR",
            "--content=FILE",
            "--cookies=FILE",
            "--crawl-id=NAME",
            "--delay=DURATION",
            "--exclude=REGEX list",
            "--fetch-timeout=DURATION",
            "--field=NAME=SELECTOR list",
            "--focus-patience=N int",
            "--focus-words-only",
            "--focus=QUESTION",
            "--follow=SELECTOR",
            "--form-env=NAME=VARIABLE list",
            "--form-file=NAME=FILE list",
            "--form=NAME=VALUE list",
            "--format=FORMAT",
            "--frontier=URI",
            "--help-all",
            "--html-report=FILE",
            "--idle-timeout=DURATION",
            "--ignore-robots",
            "--ignore-robots-directives",
            "--include=REGEX list",
            "--item=SELECTOR",
            "--items=FILE",
            "--keep-session-ids",
            "--lease-time=DURATION",
            "--lenient",
            "--links=FILE",
            "--logged-in-when=SELECTOR",
            "--login=URL",
            "--logout=REGEX",
            "--max-body-memory=SIZE",
            "--max-body=SIZE",
            "--max-bytes=SIZE",
            "--max-crawl-delay=DURATION",
            "--max-depth=N int",
            "--max-links-per-page=N int",
            "--max-pages-per-host=N long",
            "--max-pages=N long",
            "--max-parameter-repeats=N int",
            "--max-path-segments=N int",
            "--max-query-length=N int",
            "--max-query-parameters=N int",
            "--max-redirect, --max_redirect=N int",
            "--max-retry-after=DURATION",
            "--max-segment-repeats=N int",
            "--max-tasks, --max_tasks=N int",
            "--max-time=DURATION",
            "--max-tries, --max_tries=N int",
            "--max-url-length=N int",
            "--max-urls-per-shape=N int",
            "--metrics=HOST:PORT",
            "--netrc=FILE",
            "--no-http2",
            "--no-progress",
            "--no-trap-guards",
            "--output=FILE",
            "--per-host=N int",
            "--print-config",
            "--proxy-file=FILE",
            "--proxy=URL list",
            "--record-credentials",
            "--redis-outage=DURATION",
            "--render-include=REGEX",
            "--render-resources",
            "--render-scroll=N int",
            "--render-tasks=N int",
            "--render-timeout=DURATION",
            "--render[=auto]",
            "--report-urls",
            "--report=FILE",
            "--resolve=HOST:PORT:ADDR list",
            "--retry-backoff-max=DURATION",
            "--retry-backoff=DURATION",
            "--save-cookies=FILE",
            "--scope=KIND",
            "--sitemaps",
            "--spill-dir=DIR",
            "--state-links",
            "--state=FILE",
            "--strict",
            "--user-agent=UA",
            "--wacz=FILE",
            "--warc-max-size=SIZE",
            "--warc=PATH",
            "-H, --header='NAME: VALUE' list",
            "-h, --help",
            "-k, --insecure",
            "-q, --quiet",
            "-v, --verbose list");

    private static final List<String> RESUME = List.of(
            "--help-all",
            "--keep-session-ids",
            "--max-body-memory=SIZE",
            "--max-bytes=SIZE",
            "--max-depth=N int",
            "--max-links-per-page=N int",
            "--max-pages-per-host=N long",
            "--max-pages=N long",
            "--max-parameter-repeats=N int",
            "--max-path-segments=N int",
            "--max-query-length=N int",
            "--max-query-parameters=N int",
            "--max-segment-repeats=N int",
            "--max-tasks, --max_tasks=N int",
            "--max-time=DURATION",
            "--max-url-length=N int",
            "--max-urls-per-shape=N int",
            "--no-progress",
            "--no-trap-guards",
            "--report-urls",
            "--report=FILE",
            "--save-cookies=FILE",
            "-h, --help",
            "-q, --quiet",
            "-v, --verbose list");

    private static final List<String> RECRAWL = List.of(
            "--adaptive",
            "--help-all",
            "--keep-session-ids",
            "--max-body-memory=SIZE",
            "--max-bytes=SIZE",
            "--max-depth=N int",
            "--max-links-per-page=N int",
            "--max-pages-per-host=N long",
            "--max-pages=N long",
            "--max-parameter-repeats=N int",
            "--max-path-segments=N int",
            "--max-query-length=N int",
            "--max-query-parameters=N int",
            "--max-segment-repeats=N int",
            "--max-tasks, --max_tasks=N int",
            "--max-time=DURATION",
            "--max-url-length=N int",
            "--max-urls-per-shape=N int",
            "--min-age=DURATION",
            "--no-progress",
            "--no-trap-guards",
            "--report-urls",
            "--report=FILE",
            "--save-cookies=FILE",
            "-h, --help",
            "-q, --quiet",
            "-v, --verbose list");

    private static final List<String> SERVE = List.of(
            "--allow-origin=HOST:PORT list",
            "--allow-private",
            "--api-key-file=FILE",
            "--data=DIR",
            "--frontier=URI",
            "--keep=DURATION",
            "--lease-time=DURATION",
            "--listen=HOST:PORT",
            "--max-body=SIZE",
            "--max-job-time=DURATION",
            "--max-jobs=N int",
            "--max-pages=N long",
            "--max-queued=N int",
            "--max-scrapes=N int",
            "--redis-outage=DURATION",
            "--webhook-retry-for=DURATION",
            "--webhook-secret-file=FILE",
            "--webhook-timeout=DURATION",
            "-V, --version",
            "-h, --help");

    private static final List<String> MCP = List.of(
            "--allow-origin=HOST:PORT list",
            "--allow-private",
            "--data=DIR",
            "--keep=DURATION",
            "--max-call-pages=N long",
            "--max-call-time=DURATION",
            "--max-job-time=DURATION",
            "--max-jobs=N int",
            "--max-pages=N long",
            "--max-result-chars=N int",
            "-V, --version",
            "-h, --help");

    /** The crawl command's own options (no crawl setting), as SettingsTableTest lists them. */
    private static final Set<String> CRAWL_OWN = Set.of("--no-trap-guards", "--metrics", "--no-progress", "--config",
            "--print-config", "--verbose", "--quiet", "--help", "--help-all");

    @Test
    void everyCrawlRowIsAnOptionWithItsDescriptionAndDefaultShownInHelp() {
        CommandLine crawl = CrawlCommand.commandLine();
        String help = flat(crawl.getUsageMessage(CommandLine.Help.Ansi.OFF));
        int rows = 0;
        for (SettingSpec row : CrawlSettings.ALL) {
            if (row.name().equals("root") || row.group() == SettingGroup.LINK_CHECK) continue;
            OptionSpec o = crawl.getCommandSpec().findOption(row.option());
            if (row.name().equals("http2")) o = crawl.getCommandSpec().findOption("--no-http2"); // no --http2
            assertNotNull(o, row.option());
            if (!row.name().equals("http2")) {
                String description = RowOptions.description(row.description(), row.repeated(), row.shownDefault());
                assertEquals(description, String.join(" ", o.description()), row.name());
                assertTrue(help.contains(flat(description)), row.name() + " in --help");
                if (row.shownDefault() != null && row.defaultNote() == null) {
                    assertTrue(description.contains("default: " + row.writtenDefault()), description);
                }
                String picocliDefault = o.defaultValue();
                if (picocliDefault != null) assertEquals(row.writtenDefault(), picocliDefault, row.name());
            }
            rows++;
        }
        assertTrue(rows > 80, "rows: " + rows);
        for (OptionSpec o : crawl.getCommandSpec().options()) {
            assertTrue(CommandLineSettings.settingOf(o).isPresent() || CRAWL_OWN.contains(o.longestName()),
                    o.longestName() + " is neither a row nor the command's own");
        }
    }

    @Test
    void resumeTakesItsRowsWithTheSavedValuesAsDefaults() {
        CommandSpec resume = ResumeCommand.commandLine(new ResumeCommand()).getCommandSpec();
        for (SettingSpec row : CrawlSettings.ALL) {
            OptionSpec o = resume.findOption(row.option());
            assertEquals(ResumeCommand.resumeRow(row), o != null, row.name());
            if (o == null) continue;
            String shown = row.saved() ? RowOptions.SAVED : row.shownDefault();
            assertEquals(RowOptions.description(row.description(), row.repeated(), shown),
                    String.join(" ", o.description()), row.name());
            if (row.saved()) assertEquals(null, o.defaultValue(), row.name() + ": the saved value, not the table's");
        }
    }

    @Test
    void serveAndMcpTakeTheirOptionsFromTheirTables() {
        CommandSpec serve = ServeCommand.commandLine().getCommandSpec();
        checkRows(serve, ServeSettings.ROWS, new ServeSettings.Target());
        CommandSpec mcp = McpCommand.commandLine().getCommandSpec();
        checkRows(mcp, ServeSettings.ROWS.stream().filter(ServeSetting::mcp).toList(), new ServeSettings.Target());
        checkRows(mcp, McpSettings.ROWS, new McpSettings.Target());
        for (CommandSpec spec : List.of(serve, mcp)) {
            for (OptionSpec o : spec.options()) {
                String name = o.longestName().substring(2);
                boolean row = ServeSettings.ROWS.stream().anyMatch(r -> r.name().equals(name)
                        && (spec == serve || r.mcp())) || spec == mcp
                        && McpSettings.ROWS.stream().anyMatch(r -> r.name().equals(name));
                assertTrue(row || o.usageHelp() || o.versionHelp(), spec.name() + " " + o.longestName());
            }
        }
        assertEquals(7, ServeSettings.ROWS.stream().filter(ServeSetting::mcp).count(), "serve's rows mcp takes");
    }

    private static <T> void checkRows(CommandSpec spec, List<ServeSetting<T>> rows, T defaults) {
        String help = flat(new CommandLine(spec).getUsageMessage(CommandLine.Help.Ansi.OFF));
        for (ServeSetting<T> row : rows) {
            OptionSpec o = spec.findOption("--" + row.name());
            assertNotNull(o, spec.name() + " --" + row.name());
            String description = RowOptions.description(row.description(), row.repeated(),
                    row.shownDefault(defaults));
            assertEquals(description, String.join(" ", o.description()), row.name());
            assertTrue(help.contains(flat(description)), row.name() + " in " + spec.name() + " --help");
            if (o.defaultValue() != null) assertEquals(row.writtenDefault(defaults), o.defaultValue(), row.name());
        }
    }

    /**
     * docs/serve.md's table of options lists each of serve's rows with its default (written as a person would:
     * {@code 24h} is the row's {@code 1d}), and docs/mcp.md gives the MCP server's own defaults.
     */
    @Test
    void theServeAndMcpDocsSayEveryOptionAndItsDefault() throws IOException {
        Path root = Files.exists(Path.of("docs")) ? Path.of(".") : Path.of("..");
        String serve = Files.readString(root.resolve("docs/serve.md"));
        ServeSettings.Target defaults = new ServeSettings.Target();
        for (ServeSetting<ServeSettings.Target> row : ServeSettings.ROWS) {
            Matcher m = Pattern.compile("(?m)^\\| `--" + Pattern.quote(row.name()) + "[^|]*\\| ([^|]*) \\|")
                    .matcher(serve);
            assertTrue(m.find(), "--" + row.name() + " in docs/serve.md");
            String written = m.group(1).replace("`", "").replace("./", "");
            String shown = row.writtenDefault(defaults);
            if (shown == null) continue;
            assertEquals(row.read().apply(defaults), List.of(saved(row.kind(), written)), row.name());
        }
        String mcp = Files.readString(root.resolve("docs/mcp.md")).replaceAll("\\s+", " ");
        McpSettings.Target calls = new McpSettings.Target();
        for (ServeSetting<McpSettings.Target> row : McpSettings.ROWS) {
            assertTrue(mcp.contains("`--" + row.name() + "`") && mcp.contains("(default " + row.writtenDefault(calls)
                    + ")"), "--" + row.name() + " and its default in docs/mcp.md");
        }
    }

    /** What a person wrote, as the row saves it. */
    private static String saved(SettingKind kind, String written) {
        return switch (kind) {
            case DURATION -> Units.duration(written).toString();
            case SIZE -> Long.toString(Units.size(written));
            default -> written;
        };
    }

    @Test
    void theOptionsAreTheHandWrittenOnesNamesLabelsArityAndTypes() {
        assertEquals(CRAWL, signatures(CrawlCommand.commandLine()));
        assertEquals(RESUME, signatures(ResumeCommand.commandLine(new ResumeCommand())));
        assertEquals(RECRAWL, signatures(ResumeCommand.commandLine(new RecrawlCommand())));
        assertEquals(SERVE, signatures(ServeCommand.commandLine()));
        assertEquals(MCP, signatures(McpCommand.commandLine()));
    }

    /** Each option as "-k, --insecure" or "--max-tasks, --max_tasks=N int": its names, label, and int or long. */
    private static List<String> signatures(CommandLine cli) {
        List<String> all = new ArrayList<>();
        for (OptionSpec o : cli.getCommandSpec().options()) {
            String[] names = o.names().clone();
            Arrays.sort(names, Comparator.comparingInt(String::length));
            String s = String.join(", ", names);
            if (o.parameterConsumer() != null) s += "[=" + o.paramLabel() + "]";
            else if (o.arity().max() > 0) s += "=" + o.paramLabel();
            if (o.converters().length == 0) {
                Class<?> t = o.type();
                if (t == int.class || t == Integer.class) s += " int";
                if (t == long.class || t == Long.class) s += " long";
            }
            if (o.isMultiValue()) s += " list";
            all.add(s);
        }
        return all.stream().sorted().toList();
    }

    private static String flat(String text) {
        return text.replaceAll("\\s+", ""); // help wraps lines, even inside a URL
    }
}
