package dev.loomcrawl.store.sqlite;

import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.Crawler;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The queries docs/state.md shows people, run with the sqlite3 command on a real state file. */
class SchemaDocTest {
    @TempDir
    Path tmp;

    private static List<String> documentedQueries() throws Exception {
        String doc = Files.readString(Path.of("..", "docs", "state.md"));
        Matcher block = Pattern.compile("```sql\n(.*?)```", Pattern.DOTALL).matcher(doc);
        assertTrue(block.find(), "docs/state.md has an sql block");
        List<String> queries = new ArrayList<>();
        for (String line : block.group(1).split("\n")) {
            if (!line.startsWith("--") && !line.isBlank()) queries.add(line);
        }
        return queries;
    }

    private static String sqlite3(Path file, String sql) throws Exception {
        Process p = new ProcessBuilder("sqlite3", file.toString(), sql).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), sql + "\n" + out);
        assertFalse(out.contains("Error"), sql + "\n" + out);
        return out;
    }

    @Test
    void theDocumentedQueriesRunOnAStateFile() throws Exception {
        assumeTrue(new ProcessBuilder("sqlite3", "-version").start().waitFor() == 0, "sqlite3 is not installed");
        try (TestSite site = TestSite.builder().pages(TestSite.crossLinked(30, 3)).status("/gone", 404)
                .page("/p30", "<a href=/gone>gone</a>").start()) {
            Path file = tmp.resolve("crawl.db");
            CrawlConfig config = CrawlConfig.builder().root(site.url("/p0")).root(site.url("/p30")).build();
            try (SqliteCrawlStore store = SqliteCrawlStore.create(file, config, true);
                 Crawler crawler = Crawler.builder(config).store(store).build()) {
                crawler.crawl();
            }
            List<String> queries = documentedQueries();
            assertEquals(5, queries.size(), queries.toString());
            assertEquals("done|32\n", sqlite3(file, queries.get(0)));
            assertTrue(sqlite3(file, queries.get(2)).startsWith(site.url("/gone") + "|404|" + site.url("/p30")));
            assertTrue(sqlite3(file, queries.get(3)).startsWith(site.url("/p0") + "|"));
            for (String q : queries) sqlite3(file, q);
            assertEquals("1|0\n", sqlite3(file, "SELECT run, ended_at IS NULL FROM runs"));
        }
    }
}
