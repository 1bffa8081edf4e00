package dev.loomcrawl.content;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loomcrawl.DocSets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The content of real documentation pages, as a crawl makes it ({@link PageContents}: the main content's Markdown, cut
 * into chunks), has no permalink anchors in its headings and chunk heading paths, and javadoc's summary grids are
 * tables. Runs on the four Debian doc sets of {@link DocSets#ALL}; each is skipped (a JUnit assumption) when its
 * package is not installed.
 *
 * <p>The check is the reader's, not {@link Permalinks}'s rule again: no Markdown heading holds a link whose text is
 * one symbol (neither a letter nor a digit, escaped or not) and which points into the page itself
 * ({@code [¶](https://.../page.html#id)}); no chunk heading path holds ¶, § or a link emoji. Before the rule, the
 * Python docs gave 4,560 headings such as "5.1. More on Lists¶".
 *
 * <p>Every page of Python, Boost and PostgreSQL, and every {@value #JDK_EVERY}th page of the JDK's in path order
 * (2,535 of 10,137; together 8,138 of 15,740 pages): all of them took 83 s on two cores under a load average of 8,
 * this sample 54 s (17, 18, 13 and 5 s a set).
 */
class DocSetMarkdownTest {
    /** Which JDK pages are read: every JDK_EVERY-th, in path order. */
    private static final int JDK_EVERY = 4;
    /** A link whose text is one symbol, escaped or not, to a fragment: group 1 the URL before the '#'. */
    private static final Pattern SYMBOL_LINK =
        Pattern.compile("\\[\\\\?[^\\p{L}\\p{N}\\s\\]\\\\]\\p{M}*\uFE0F?\\]\\(<?([^\\s)#>]*)#");
    private static final List<String> PATH_SYMBOLS = List.of("¶", "§", "🔗", "⚓");

    @TestFactory
    Stream<DynamicTest> noHeadingOrHeadingPathHoldsAPermalink() {
        return DocSets.ALL.stream().map(set -> DynamicTest.dynamicTest(set.name(), () -> {
            List<Path> pages = set.pages();
            int every = set.name().startsWith("openjdk") ? JDK_EVERY : 1;
            List<String> failures = new ArrayList<>();
            int headings = 0;
            for (int i = 0; i < pages.size(); i += every) {
                Path page = pages.get(i);
                String url = "https://docs.example.org/" + set.root().relativize(page);
                String md = PageContents.read(DocSets.read(page), "UTF-8", url, null).markdown();
                headings += permalinksInHeadings(md, url, page, failures);
                for (Chunks.Chunk chunk : Chunks.split(md, 2000)) {
                    for (String heading : chunk.headings()) {
                        if (PATH_SYMBOLS.stream().anyMatch(heading::contains)) {
                            failures.add(page + ": heading path " + chunk.headings());
                            break;
                        }
                    }
                }
                if (failures.size() > 20) break;
            }
            assertEquals(List.of(), failures.stream().distinct().limit(20).toList());
            assertTrue(headings > 50, set.name() + ": only " + headings + " headings read");
        }));
    }

    /** How many headings md has; adds each that holds a one-symbol link into the page itself to failures. */
    private static int permalinksInHeadings(String md, String url, Path page, List<String> failures) {
        int headings = 0;
        boolean inFence = false;
        for (String line : md.split("\n")) {
            if (line.indexOf('#') < 0 && line.indexOf('`') < 0) continue; // neither a heading nor a fence
            String stripped = line.replaceFirst("^(?:[ >]|[-*] |\\d+[.)] )*", "");
            if (stripped.startsWith("```")) inFence = !inFence;
            if (inFence || !stripped.matches("#{1,6} .*")) continue;
            headings++;
            Matcher m = SYMBOL_LINK.matcher(stripped);
            while (m.find()) {
                if (m.group(1).equals(url)) failures.add(page + ": " + stripped);
            }
        }
        return headings;
    }

    @Test
    void javadocMethodSummariesAreTables() {
        DocSets.DocSet jdk = DocSets.ALL.get(1);
        jdk.pages(); // skips when the JDK docs are not installed
        Path page = jdk.root().resolve("java.base/java/util/ArrayList.html");
        String md = PageContents.read(DocSets.read(page), "UTF-8", "https://docs.example.org/ArrayList.html", null)
            .markdown();
        // javadoc puts the page in a list, so the table is indented as the list item's content
        assertTrue(md.contains("""
            ## Method Summary

              | Modifier and Type | Method | Description |
              | --- | --- | --- |
              | `void` | [`add`](https://docs.example.org/ArrayList.html#add\\(int,E\\))`(int"""), md);
        assertTrue(md.contains("| Constructor | Description |\n  | --- | --- |\n"), md);
        Chunks.split(md, 2000); // and it cuts
    }
}
