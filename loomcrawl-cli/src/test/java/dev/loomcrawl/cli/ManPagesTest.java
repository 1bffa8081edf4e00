package dev.loomcrawl.cli;

import dev.loomcrawl.fetch.Version;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The man pages an installed copy carries (made by {@code Docs man}, as scripts/dist makes them) name no file of the
 * source's docs folder, which an installed copy lacks: each is cited at its address online, and so is the folder.
 */
class ManPagesTest {
    @Test
    void manPagesCiteTheDocsOnlineNotTheSourcesFolder(@TempDir Path dir) throws Exception {
        Docs.main(new String[] {"man", dir.toString()});
        List<Path> pages;
        try (Stream<Path> files = Files.list(dir)) {
            pages = files.filter(p -> p.toString().endsWith(".1")).toList();
        }
        assertTrue(pages.size() >= 10, pages.toString());
        String online = Version.PROJECT_URL.replace("-", "\\-") + "/blob/main/docs/";
        int cited = 0;
        for (Path page : pages) {
            String text = Files.readString(page);
            Matcher m = Pattern.compile("(https?:\\S*)?docs/[\\w\\\\.-]+\\.md").matcher(text);
            while (m.find()) {
                assertTrue(m.group().startsWith(online), page.getFileName() + " cites " + m.group());
                cited++;
            }
            assertFalse(text.contains("source's docs folder"), page.getFileName().toString());
        }
        assertTrue(cited >= 5, "pages cite the docs: " + cited);
    }
}
