package dev.loomcrawl.cli;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Each command's help on an 80-column terminal (a real pseudo-terminal): every example line is shorter than the
 * terminal, so that none is wrapped inside a URL, and one that is too long for it goes on after " \" on a line of
 * its own; a comment is a line of its own, so that each example can be copied and pasted as it is.
 */
class HelpExamplesTest {
    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"crawl", "check", "map", "resume", "recrawl", "report", "status", "captures", "search"})
    void examplesFitAnEightyColumnTerminal(String command) throws Exception {
        LoomcrawlProcess p = LoomcrawlProcess.startOnTerminal(dir, 80, command, "--help");
        assertEquals(0, p.exit(60), p.stdout() + p.stderr());
        List<String> lines = p.stdout().replace("\r\n", "\n").lines().toList();
        int start = lines.indexOf("Examples:");
        assertTrue(start > 0, p.stdout());
        List<String> examples = new ArrayList<>();
        for (String line : lines.subList(start + 1, lines.size())) {
            if (line.isEmpty()) break;
            examples.add(line);
        }
        assertFalse(examples.isEmpty(), p.stdout());
        boolean continued = false;
        for (String line : examples) {
            assertTrue(line.length() < 80, "shorter than the terminal: " + line);
            if (continued) {
                assertTrue(line.startsWith("      "), "a continuation line is indented: " + line);
            } else {
                assertTrue(line.startsWith("  loomcrawl " + command + " ") || line.startsWith("  # "),
                        "an example or a comment, each on its own line: " + line);
            }
            continued = line.endsWith(" \\");
        }
        assertFalse(continued, "the last example is whole");
    }

    /**
     * "The seed" means nothing to a new user: the help says which crawler loomcrawl rebuilt ("A Web Crawler With
     * asyncio Coroutines", 500 Lines or Less) where it compares with it, and speaks plainly elsewhere.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"loomcrawl", "crawl", "check", "map", "resume", "recrawl", "report", "status", "serve", "captures",
        "search"})
    void theHelpSaysWhatItComparesWith(String command) {
        String[] args = command.equals("loomcrawl") ? new String[] {"--help"} : new String[] {command, "--help"};
        CrawlCommandTest.Run help = CrawlCommandTest.run(args);
        assertEquals(0, help.exit(), help.err());
        String text = help.out().replaceAll("\\s+", " ");
        assertFalse(text.matches("(?is).*\\bseed('s)?\\b.*"), "no unexplained 'seed': " + text);
        if (command.equals("crawl")) {
            assertTrue(text.contains("\"A Web Crawler With asyncio Coroutines\" (500 Lines or Less)"), text);
        }
    }
}
