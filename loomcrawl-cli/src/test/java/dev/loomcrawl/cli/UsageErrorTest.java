package dev.loomcrawl.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a new user meets on an 80x24 terminal (a real pseudo-terminal) when a command line is wrong: the error in
 * one line with a guess at what was meant, then where the help is, never a 34-line usage that scrolls it off; and
 * a file that cannot be written, which is not a usage error, in one line and exit 1.
 */
class UsageErrorTest {
    @TempDir
    Path dir;

    /**
     * The terminal's transcript, as lines: on a terminal wide enough for each message to be one line (on 80 columns
     * the longer ones are broken between words, which EightyColumnsTest checks).
     */
    private List<String> onTerminal(int exit, String... args) throws Exception {
        LoomcrawlProcess p = LoomcrawlProcess.startOnTerminal(dir, 200, args);
        assertEquals(exit, p.exit(60), p.stdout() + p.stderr());
        return p.stdout().replace("\r\n", "\n").lines().toList();
    }

    @Test
    void aMistypedOptionIsOneLineWithWhatWasMeantThenWhereTheHelpIs() throws Exception {
        assertEquals(List.of("Unknown option: '--max-page'; did you mean --max-pages?",
                        "See 'loomcrawl crawl --help' for its options."),
                onTerminal(2, "crawl", "--max-page", "5", "pydocs.test"));
        assertEquals(List.of("Unknown option: '--outptu'; did you mean --output?",
                        "See 'loomcrawl crawl --help' for its options."),
                onTerminal(2, "crawl", "--outptu", "x.jsonl", "pydocs.test"));
        assertEquals(List.of("Unknown option: '--ignore'; did you mean --ignore-robots or --ignore-robots-directives?",
                        "See 'loomcrawl crawl --help' for its options."),
                onTerminal(2, "crawl", "--ignore", "pydocs.test"));
        assertEquals(List.of("Unknown option: '--max-tsks=3'; did you mean --max-tasks?",
                        "See 'loomcrawl check --help' for its options."),
                onTerminal(2, "check", "--max-tsks=3", "pydocs.test"));
        assertEquals(List.of("Unknown option: '-x'", "See 'loomcrawl crawl --help' for its options."),
                onTerminal(2, "crawl", "-x", "pydocs.test")); // no guess: every short option is as near
    }

    @Test
    void aMistypedCommandIsOneLineWithWhatWasMeant() throws Exception {
        assertEquals(List.of("'craw' is not a loomcrawl command; did you mean crawl?",
                "See 'loomcrawl --help' for the commands."), onTerminal(2, "craw", "pydocs.test"));
        assertEquals(List.of("'resum' is not a loomcrawl command; did you mean resume?",
                "See 'loomcrawl --help' for the commands."), onTerminal(2, "resum", "c.db"));
        assertEquals(List.of("'pydocs.test' is not a loomcrawl command; to crawl it: loomcrawl crawl pydocs.test",
                "See 'loomcrawl --help' for the commands."), onTerminal(2, "pydocs.test"));
        assertEquals(List.of("'pydocs.test/?q=a&n=2' is not a loomcrawl command; to crawl it: loomcrawl crawl "
                + "'pydocs.test/?q=a&n=2'", "See 'loomcrawl --help' for the commands."),
                onTerminal(2, "pydocs.test/?q=a&n=2")); // quoted for the shell
    }

    @Test
    void aBadValueOrAMissingRootIsOneLineThenWhereTheHelpIs() throws Exception {
        assertEquals(List.of("Invalid value for option '--max-tasks': 'many' is not a whole number",
                        "See 'loomcrawl crawl --help' for its options."),
                onTerminal(2, "crawl", "--max-tasks", "many", "x.test"));
        assertEquals(List.of("Missing required parameter: 'ROOT', the URL to crawl from, such as 'loomcrawl crawl "
                + "https://example.com/'", "See 'loomcrawl crawl --help' for its options."), onTerminal(2, "crawl"));
    }

    @Test
    void loomcrawlAloneListsTheCommandsThenSaysOneIsNeededLast() throws Exception {
        List<String> lines = onTerminal(2).stream().map(l -> l.replaceAll("\033\\[[0-9;]*m", "")).toList(); // colours
        assertTrue(lines.size() < 24, "on one screen: " + lines);
        assertEquals("Usage: loomcrawl [-hV] [--help-all] [COMMAND]", lines.getFirst());
        assertTrue(lines.contains("Commands:"), lines.toString());
        assertEquals("a command is required, such as 'loomcrawl crawl https://example.com/'", lines.getLast());
    }

    /** An I/O problem is not a usage error: one line, no help, exit 1, for an output as for the state file. */
    @Test
    void aFileThatCannotBeWrittenIsOneLineAndExit1() throws Exception {
        Path file = Files.writeString(dir.resolve("file"), "a file, not a directory");
        assertEquals(List.of("loomcrawl: --output: cannot write " + file + "/x.jsonl: Not a directory"),
                onTerminal(1, "crawl", "--output", file + "/x.jsonl", "http://127.0.0.1:9/"));
        assertEquals(List.of("loomcrawl: --output: cannot write " + dir + "/missing/x.jsonl: No such file or "
                        + "directory"),
                onTerminal(1, "crawl", "--output", dir + "/missing/x.jsonl", "http://127.0.0.1:9/"));
        assertEquals(List.of("loomcrawl: state file " + dir + "/missing/c.db: its directory does not exist"),
                onTerminal(1, "crawl", "--state", dir + "/missing/c.db", "http://127.0.0.1:9/"));
        // a name that says no format is the option's value being wrong: a usage error, whatever the directory
        assertEquals(List.of("--output: cannot tell the format of '" + dir + "/missing/x' from its name; name it "
                        + ".jsonl, .ndjson, .csv or .txt, or add --format jsonl|csv|text",
                "See 'loomcrawl crawl --help' for its options."),
                onTerminal(2, "crawl", "--output", dir + "/missing/x", "http://127.0.0.1:9/"));
    }
}
