package dev.loomcrawl.cli;

import dev.loomcrawl.config.CrawlSettings;
import dev.loomcrawl.config.SettingGroup;
import dev.loomcrawl.config.SettingSpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Help a new user can read on one screen or two: {@code crawl --help} has a one-line synopsis and its options named
 * under the settings table's groups; {@code --help-all} describes each; every command takes {@code --help-all}, and
 * groups its options named as rows of the table are ({@code check}'s {@code --exclude}); every command's help breaks
 * its lines between words within 80 columns, never inside a word ({@code docs/outputs.} / {@code md} before).
 */
class GroupedHelpTest {

    private static String help(String... args) {
        CrawlCommandTest.Run r = CrawlCommandTest.run(args);
        assertEquals(0, r.exit(), r.err());
        return r.out();
    }

    @Test
    void crawlsHelpIsShortAndGroupedByTheSettingsTable() {
        String help = help("crawl", "--help");
        List<String> lines = help.lines().toList();
        assertEquals("Usage: loomcrawl crawl [OPTIONS] [ROOT...]", lines.getFirst());
        assertTrue(lines.size() <= 110, lines.size() + " lines:\n" + help);
        for (SettingGroup g : SettingGroup.values()) {
            if (g == SettingGroup.LINK_CHECK) continue; // check's, not crawl's
            assertTrue(lines.stream().anyMatch(l -> l.endsWith(": " + g.summary())), g + " heading in\n" + help);
        }
        String words = " " + help.replaceAll("\\s+", " ") + " ";
        for (SettingSpec row : CrawlSettings.ALL) {
            if (row.name().equals("root") || row.group() == SettingGroup.LINK_CHECK || row.name().equals("http2")) {
                continue;
            }
            assertTrue(words.contains(" " + row.option() + " "), row.option() + " named in --help");
        }
        assertTrue(words.contains(" Each option above, described: loomcrawl crawl --help-all (or man loomcrawl-crawl). "),
                help);
        assertFalse(help.contains("Fetches in flight at once"), "a row's description is --help-all's: " + help);
    }

    @Test
    void helpAllDescribesEveryRowUnderItsGroup() {
        String all = help("crawl", "--help-all").replaceAll("\\s+", " ");
        for (SettingSpec row : CrawlSettings.ALL) {
            if (row.name().equals("root") || row.group() == SettingGroup.LINK_CHECK || row.name().equals("http2")) {
                continue;
            }
            String described = RowOptions.description(row.description(), row.repeated(), row.shownDefault());
            assertTrue(all.contains(described.replaceAll("\\s+", " ")), row.name() + " described in --help-all");
        }
        int scope = all.indexOf("Scope: "), limits = all.indexOf("Limits: "), maxPages = all.indexOf("--max-pages=N");
        assertTrue(scope >= 0 && scope < limits && limits < maxPages, "--max-pages under Limits");
    }

    @Test
    void everyCommandTakesHelpAllAndGroupsTheOptionsThatAreRowsOfTheSettingsTable() {
        String check = help("check", "--help");
        int scope = check.indexOf("Scope: " + SettingGroup.SCOPE.summary());
        int own = check.indexOf("This command's own options:");
        assertTrue(scope >= 0 && own > scope, "check's rows under their groups, before its own options:\n" + check);
        assertTrue(check.substring(scope, own).contains("--exclude"), check);
        assertTrue(check.substring(scope, own).contains("--check-fragments"), check); // Link check
        assertFalse(check.contains("Neither crawl nor check URLs matching it"), "--exclude described: " + check);
        assertTrue(check.substring(own).contains("--format=FORMAT"), "the report's own format, described: " + check);
        assertTrue(check.replaceAll("\\s+", " ").contains("loomcrawl check --help-all (or man loomcrawl-check)"),
                check);
        String all = help("check", "--help-all");
        assertTrue(all.contains("Neither crawl nor check URLs matching it"), all);
        assertTrue(all.indexOf("Scope: ") < all.indexOf("--exclude=REGEX"), all);
        for (String command : List.of("map", "report", "captures", "search", "status", "serve", "mcp")) {
            String full = help(command, "--help-all");
            assertTrue(full.startsWith("Usage: loomcrawl " + command + " [OPTIONS]"), command + ":\n" + full);
            assertTrue(full.contains("--help-all"), command);
        }
        String map = help("map", "--help");
        assertTrue(map.contains("Limits: " + SettingGroup.LIMITS.summary() + "\n  --max-time --max-pages"), map);
        assertTrue(help("map", "--help-all").contains("Time cap of the discovery crawl"), "map --help-all");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"crawl --help", "crawl --help-all", "resume --help-all", "recrawl --help-all",
        "check --help", "check --help-all", "map --help", "map --help-all", "serve --help", "serve --help-all",
        "mcp --help", "mcp --help-all", "report --help", "report --help-all", "captures --help",
        "captures --help-all", "search --help", "search --help-all", "status --help", "status --help-all", "--help",
        "--help-all"})
    void everyLineFitsAndBreaksBetweenWords(String command) {
        String help = help(command.split(" "));
        List<String> lines = help.lines().toList();
        int examples = lines.indexOf("Examples:"); // written line by line, each whole
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            assertTrue(line.length() <= 80, command + ": " + line);
            if (i + 1 == lines.size() || line.isBlank() || examples >= 0 && i >= examples) continue;
            String next = lines.get(i + 1).stripLeading();
            // a word cut in two as picocli cut them: a file name before its extension (docs/outputs. / md), a URL
            // after its scheme (http: / //), a path after a slash (docs/ / serve.md), a label after its colon
            String last = line.substring(line.lastIndexOf(' ') + 1);
            boolean cut = last.endsWith(".") && next.matches("^(md|html|txt|json|jsonl|csv|db|gz|xml|org|com)\\b.*")
                    || last.endsWith(":") && next.startsWith("//")
                    || last.endsWith("/") && last.length() > 1 && next.matches("^\\w.*")
                    || last.matches(".*[A-Z]:$") && next.matches("^[A-Z]+\\].*");
            assertFalse(cut, command + ": a word broken at a line's end:\n" + line + "\n" + lines.get(i + 1));
        }
        String flat = help.replaceAll("\\s+", " ");
        if (command.startsWith("crawl")) {
            assertTrue(flat.contains("docs/outputs.md"), flat);
            if (command.endsWith("-all")) assertTrue(flat.contains("http://HOST:PORT/metrics"), flat);
        }
        if (!command.startsWith("--help")) {
            assertTrue(lines.getFirst().matches("Usage: loomcrawl \\w+ \\[OPTIONS\\].*") && lines.getFirst().length()
                    < 60, "a short synopsis: " + lines.getFirst());
        }
    }
}
