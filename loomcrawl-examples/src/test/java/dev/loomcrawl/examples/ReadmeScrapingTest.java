package dev.loomcrawl.examples;

import dev.loomcrawl.cli.Main;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The README's scraping example, run as it is written: {@code scripts/serve-top250} serves the fixture (on a free
 * port here rather than 8250), and the README's crawl command, read from the README, writes the 250 films whose
 * first line the README shows.
 */
class ReadmeScrapingTest {
    private static final Pattern BLOCK =
            Pattern.compile("```sh\\n(\\./loomcrawl crawl 'http://127\\.0\\.0\\.1:8250/top250.*?)```", Pattern.DOTALL);

    @TempDir
    Path dir;

    @Test
    void theReadmesCommandsServeTheFixtureAndScrapeIt() throws Exception {
        Path root = Path.of("..").toAbsolutePath().normalize();
        String readme = Files.readString(root.resolve("README.md"));
        assertTrue(readme.contains("```sh\nscripts/serve-top250\n```"), "the README says how to serve the fixture");
        Matcher block = BLOCK.matcher(readme);
        assertTrue(block.find(), "the README's scraping command");
        String port = Integer.toString(TestSite.freePort());
        List<String> words = words(block.group(1).replace(":8250/", ":" + port + "/"));
        assertEquals(List.of("./loomcrawl", "crawl"), words.subList(0, 2));
        assertEquals("films.jsonl", words.getLast());
        List<String> args = new ArrayList<>(words.subList(1, words.size() - 1));
        Path films = dir.resolve("films.jsonl");
        args.add(films.toString());

        Process server = new ProcessBuilder(root.resolve("scripts/serve-top250").toString(), port)
                .redirectErrorStream(true).start();
        try {
            BufferedReader said = new BufferedReader(new InputStreamReader(server.getInputStream(),
                    StandardCharsets.UTF_8));
            String line;
            do {
                line = said.readLine(); // "loomcrawl: building..." first, when the examples are not built yet
                assertNotNull(line, "scripts/serve-top250 ended before serving");
            } while (!line.startsWith("serving "));
            assertEquals("serving http://127.0.0.1:" + port + "/top250?start=0 (Ctrl-C to stop)", line);

            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int exit = Main.run(args.toArray(String[]::new), new PrintWriter(out, true), new PrintWriter(err, true));
            assertEquals(0, exit, err.toString());
            List<String> items = Files.readAllLines(films);
            assertEquals(250, items.size());
            String shown = readme.substring(readme.indexOf("{\"page\":\"http://127.0.0.1:8250/top250?start=0\""));
            assertEquals(shown.substring(0, shown.indexOf('\n')).replace(":8250/", ":" + port + "/"), items.getFirst());
            assertTrue(out.toString().contains("\nDone: 10\n"), "the 10 list pages only: " + out);
        } finally {
            server.destroy();
            server.waitFor();
        }
    }

    /** The words a shell makes of {@code command}: lines joined at a trailing backslash, single quotes taken off. */
    private static List<String> words(String command) {
        List<String> words = new ArrayList<>();
        StringBuilder word = null;
        boolean quoted = false;
        String joined = command.replace("\\\n", " ");
        for (int i = 0; i < joined.length(); i++) {
            char c = joined.charAt(i);
            if (c == '\'') {
                quoted = !quoted;
                if (word == null) word = new StringBuilder();
            } else if (!quoted && Character.isWhitespace(c)) {
                if (word != null) words.add(word.toString());
                word = null;
            } else {
                if (word == null) word = new StringBuilder();
                word.append(c);
            }
        }
        if (word != null) words.add(word.toString());
        return words;
    }
}
