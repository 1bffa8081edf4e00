package dev.loomcrawl.cli;

import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.config.ConfigJson;
import dev.loomcrawl.config.CrawlJob;
import dev.loomcrawl.config.CrawlSettings;
import dev.loomcrawl.config.SettingSpec;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The crawl command's options and the settings table (CrawlSettings) name the same settings: every option is a
 * row or one of the command's own options listed here, and every row is an option (of crawl, or of check for the
 * link checker's); an option's default is its row's.
 */
class SettingsTableTest {
    /**
     * The crawl command's own options, which are no setting of a crawl: how this process talks to the person at its
     * terminal (--verbose, --quiet: its log level; --no-progress: its live line on standard error; --help), where
     * its settings come from and whether it crawls at all (--config, --print-config: a configuration file cannot
     * name itself), what this process serves beside the crawl (--metrics: it opens a listening port, which a crawl
     * job sent to a server must not), and --no-trap-guards, a shorthand for six rows' values (the trap guards at
     * -1), which the JSON form holds as those rows.
     */
    private static final Set<String> COMMAND_OWN = Set.of("--no-trap-guards", "--metrics", "--no-progress",
            "--verbose", "--quiet", "--help", "--help-all", "--config", "--print-config");
    /** Rows that are the check command's (check-links is the command itself). */
    private static final Set<String> CHECK_ROWS = Set.of("check-links", "check-fragments", "remap");

    private static CommandLine.Model.CommandSpec crawl() {
        return CrawlCommand.commandLine().getCommandSpec();
    }

    @Test
    void everyOptionIsARowOrTheCommandsOwnAndEveryRowAnOption() {
        Set<String> rowsWithOptions = new TreeSet<>();
        List<String> neither = new ArrayList<>();
        Set<String> ownSeen = new LinkedHashSet<>();
        for (OptionSpec o : crawl().options()) {
            Optional<SettingSpec> row = CommandLineSettings.settingOf(o);
            if (row.isPresent()) {
                rowsWithOptions.add(row.get().name());
            } else if (COMMAND_OWN.contains(o.longestName())) {
                ownSeen.add(o.longestName());
            } else {
                neither.add(o.longestName());
            }
        }
        assertEquals(List.of(), neither, "options that are neither a setting nor the command's own");
        assertEquals(new TreeSet<>(COMMAND_OWN), new TreeSet<>(ownSeen), "the command's own options");
        Set<String> rowsWithout = new TreeSet<>(CrawlSettings.names());
        rowsWithout.removeAll(rowsWithOptions);
        rowsWithout.remove("root"); // the ROOT arguments
        assertEquals(new TreeSet<>(CHECK_ROWS), rowsWithout, "settings with no option of crawl");
        CommandLine.Model.CommandSpec check = new CommandLine(new CheckCommand()).getCommandSpec();
        for (String name : List.of("check-fragments", "remap")) {
            assertTrue(check.findOption("--" + name) != null, name + " is an option of check");
        }
    }

    @Test
    void anOptionsDefaultIsItsRows() {
        CrawlJob defaults = CrawlJob.of(CrawlConfig.builder().root("http://localhost/").build());
        int checked = 0;
        for (OptionSpec o : crawl().options()) {
            Optional<SettingSpec> row = CommandLineSettings.settingOf(o);
            if (row.isEmpty() || o.defaultValue() == null || CommandLineSettings.SPELLED_OTHERWISE
                    .containsKey(o.longestName())) continue;
            SettingSpec s = row.get();
            Object converted = o.converters().length > 0 ? convert(o) : o.defaultValue();
            assertEquals(s.read().apply(defaults), List.of(s.kind().text(converted)), o.longestName());
            checked++;
        }
        assertTrue(checked >= 14, "options with a default: " + checked);
    }

    private static Object convert(OptionSpec o) {
        try {
            return o.converters()[0].convert(o.defaultValue());
        } catch (Exception e) {
            throw new AssertionError(o.longestName(), e);
        }
    }

    @Test
    void printConfigPrintsEverySettingAndTheConfigFileMakesTheSameCrawl(@TempDir Path dir) throws Exception {
        try (TestSite site = TestSite.builder().page("/", "<a href=/a>a</a><a href=/b.pdf>b</a><a href=/c>c</a>")
                .page("/a", "<a href=/c>c</a>").page("/b.pdf", "pdf").page("/c", "c").start()) {
            String[] options = {"--max-tasks", "3", "--exclude", "\\.pdf$", "--delay", "10ms", "--max-pages", "3",
                    "--no-http2", "--lenient", "--max-body", "1MiB", "--no-trap-guards", "--max-path-segments", "9",
                    "--user-agent", "SettingsBot/1", "-H", "X-Test: yes", "--allow-private"};
            List<String> args = new ArrayList<>(List.of("crawl", "--print-config"));
            args.addAll(List.of(options));
            args.add(site.url("/"));
            CrawlCommandTest.Run printed = CrawlCommandTest.run(args.toArray(String[]::new));
            assertEquals(0, printed.exit(), printed.err());
            for (String name : CrawlSettings.names()) {
                assertTrue(printed.out().contains("\"" + name + "\" : "), name + " in " + printed.out());
            }
            assertTrue(printed.out().contains("\"max-pages\" : 3,"), printed.out());
            assertTrue(printed.out().contains("\"http2\" : false,"), printed.out());
            assertTrue(printed.out().contains("\"max-query-length\" : -1,"), printed.out()); // guards off
            assertTrue(printed.out().contains("\"max-path-segments\" : 9,"), printed.out()); // but this one
            assertEquals(0, site.requestCount("/"), "--print-config does not crawl");
            Path file = dir.resolve("crawl.json");
            Files.writeString(file, printed.out());

            CrawlCommandTest.Run again = CrawlCommandTest.run("crawl", "--config", file.toString(), "--print-config");
            assertEquals(printed.out(), again.out(), again.err());

            List<String> byOptions = new ArrayList<>(List.of("crawl"));
            byOptions.addAll(List.of(options));
            byOptions.add(site.url("/"));
            CrawlCommandTest.Run crawled = CrawlCommandTest.run(byOptions.toArray(String[]::new));
            CrawlCommandTest.Run fromFile = CrawlCommandTest.run("crawl", "--config", file.toString());
            assertEquals(0, crawled.exit(), crawled.err());
            assertEquals(0, fromFile.exit(), fromFile.err());
            assertEquals(urlLines(crawled.out()), urlLines(fromFile.out()));
            assertEquals(3, urlLines(fromFile.out()).size(), fromFile.out()); // --max-pages 3, the pdf excluded

            // an option given beside the file replaces the file's setting
            CrawlCommandTest.Run replaced = CrawlCommandTest.run("crawl", "--config", file.toString(),
                    "--max-pages", "8", "--exclude", "/a", "--print-config");
            assertTrue(replaced.out().contains("\"max-pages\" : 8,"), replaced.out());
            assertTrue(replaced.out().contains("\"exclude\" : [ \"/a\" ],"), replaced.out());
        }
    }

    /** Options that set every row of a crawl job beside its configuration away from its default. */
    private static List<String> jobOptions(Path dir) {
        return List.of("--output", dir.resolve("r.txt").toString(), "--format", "csv",
                "--links", dir.resolve("l.csv").toString(), "--warc", dir.resolve("w/a").toString(),
                "--warc-max-size", "5MiB", "--wacz", dir.resolve("a.wacz").toString(),
                "--html-report", dir.resolve("h.html").toString(), "--items", dir.resolve("i.jsonl").toString(),
                "--content", dir.resolve("c.jsonl").toString(), "--content-dir", dir.resolve("md").toString(),
                "--chunks", dir.resolve("ch.jsonl").toString(), "--chunk-size", "300", "--chunk-all-kinds",
                "--item", "body", "--field", "t=h1", "--field", "n=p", "--follow", "a",
                "--report", dir.resolve("report.txt").toString(), "--report-urls",
                "--save-cookies", dir.resolve("cookies.txt").toString(),
                "--state", dir.resolve("s.db").toString(), "--state-links");
    }

    /** The rows {@link #jobOptions} leaves at their defaults: they cannot be crawled with (or need a browser). */
    private static final List<String> PRINTED_ONLY = List.of("--render", "auto", "--render-timeout", "20s",
            "--render-scroll", "2", "--render-tasks", "3", "--render-resources", "--render-include", "/app/",
            "--spill-dir", "/var/tmp/spill", "--frontier", "redis://127.0.0.1:6379", "--crawl-id", "docs",
            "--lease-time", "45s", "--redis-outage", "5m");

    @Test
    void everyRowOfTheJobIsPrintedAndReadBackAndTheFileMakesTheSameOutputs(@TempDir Path dir) throws Exception {
        Path first = Files.createDirectories(dir.resolve("first"));
        Path out = Files.createDirectories(dir.resolve("out"));
        try (TestSite site = TestSite.builder().page("/", "<h1>Home</h1><p>Hello there.</p><a href=/a>a</a>")
                .page("/a", "<h1>A</h1><p>Page a, with <a href=/>home</a>.</p>").start()) {
            List<String> all = new ArrayList<>(List.of("crawl", "--print-config", "--allow-private"));
            all.addAll(jobOptions(out));
            all.addAll(PRINTED_ONLY);
            all.add(site.url("/"));
            CrawlCommandTest.Run printed = CrawlCommandTest.run(all.toArray(String[]::new));
            assertEquals(0, printed.exit(), printed.err());
            CrawlJob job = ConfigJson.readJob(printed.out());
            CrawlJob defaults = CrawlJob.of(job.config());
            for (SettingSpec s : CrawlSettings.ALL) {
                if (s.ofConfig() || List.of("cookies", "max-body-memory").contains(s.name())) continue;
                assertTrue(!s.read().apply(job).equals(s.read().apply(defaults)), s.name() + " is at its default");
            }
            Path file = dir.resolve("all.json");
            Files.writeString(file, printed.out());
            CrawlCommandTest.Run again = CrawlCommandTest.run("crawl", "--config", file.toString(), "--print-config");
            assertEquals(printed.out(), again.out(), again.err());

            // a crawl by the options, then one by the file they print: the same files, the same lines
            List<String> crawl = new ArrayList<>(List.of("crawl", "--allow-private"));
            crawl.addAll(jobOptions(out));
            crawl.add(site.url("/"));
            CrawlCommandTest.Run byOptions = CrawlCommandTest.run(crawl.toArray(String[]::new));
            assertEquals(0, byOptions.exit(), byOptions.err());
            crawl.add(1, "--print-config");
            Files.writeString(file, CrawlCommandTest.run(crawl.toArray(String[]::new)).out());
            Map<String, Long> made = lineCounts(out);
            Files.move(out, first.resolve("out"));
            Files.createDirectories(out);
            CrawlCommandTest.Run byFile = CrawlCommandTest.run("crawl", "--config", file.toString());
            assertEquals(0, byFile.exit(), byFile.err());
            assertEquals(made, lineCounts(out));
            assertTrue(made.keySet().containsAll(List.of("r.txt", "l.csv", "a.wacz", "h.html", "i.jsonl", "c.jsonl",
                    "ch.jsonl", "report.txt", "cookies.txt", "s.db")), made.toString());
            assertTrue(made.keySet().stream().anyMatch(f -> f.startsWith("md/")), made.toString());
            assertTrue(Files.readString(out.resolve("r.txt")).startsWith("url,"), "--format csv");
        }
    }

    /** Each file under {@code dir} (its path there) and its count of lines; WARC and other binaries, -1. */
    private static Map<String, Long> lineCounts(Path dir) throws IOException {
        Map<String, Long> counts = new TreeMap<>();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                String name = dir.relativize(f).toString();
                boolean text = name.matches(".*\\.(txt|csv|jsonl|md|html)");
                counts.put(name, text ? Files.readAllLines(f).size() : -1L);
            }
        }
        counts.keySet().removeIf(n -> n.startsWith("s.db-")); // SQLite's own files beside the state
        return counts;
    }

    private static List<String> urlLines(String report) {
        return report.lines().filter(l -> l.startsWith("http")).sorted().toList();
    }

    @Test
    void aBadConfigFileIsOneUsageLine(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("c.json");
        Files.writeString(file, "{\"root\": [\"http://127.0.0.1:9/\"], \"max-page\": 3}");
        CrawlCommandTest.Run r = CrawlCommandTest.run("crawl", "--config", file.toString());
        assertEquals(2, r.exit());
        assertEquals("--config " + file + ": unknown setting 'max-page' (did you mean max-pages?)",
                r.err().lines().findFirst().orElse(""), r.err());
        assertTrue(!r.err().contains("\tat "), r.err());
        Files.writeString(file, "{\"root\": [\"http://127.0.0.1:9/\"], \"max-tasks\": 0}");
        r = CrawlCommandTest.run("crawl", "--config", file.toString());
        assertEquals(2, r.exit());
        // checked when the whole is built, as the options are: named as the option (the key without dashes)
        assertTrue(r.err().startsWith("--max-tasks must be between 1 and 100000, got 0\n"), r.err());
        r = CrawlCommandTest.run("crawl", "--config", dir.toString());
        assertEquals(2, r.exit());
        assertTrue(r.err().startsWith("--config " + dir + ": a directory, not a regular file"), r.err());
    }

    /** A resume's override that the saved settings refuse is named as its option too (worded where it is caught). */
    @Test
    void aBadResumeOverrideIsOneUsageLineNamingTheOption(@TempDir Path dir) throws Exception {
        try (TestSite site = TestSite.builder().page("/", "<p>one page</p>").start()) {
            String state = dir.resolve("crawl.db").toString();
            CrawlCommandTest.Run first = CrawlCommandTest.run("crawl", "-q", "--state", state, site.url("/"));
            assertEquals(0, first.exit(), first.err());
            CrawlCommandTest.Run r = CrawlCommandTest.run("resume", "-q", "--max-pages", "0", state);
            assertEquals(2, r.exit(), r.err());
            assertEquals("--max-pages must be -1 (no limit) or at least 1, got 0",
                    r.err().lines().findFirst().orElse(""), r.err());
            assertTrue(!r.err().contains("\tat "), r.err());
        }
    }
}
