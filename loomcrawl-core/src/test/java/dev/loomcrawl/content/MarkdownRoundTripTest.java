package dev.loomcrawl.content;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loomcrawl.DocSets;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Nothing is lost and nothing turns into markup: the Markdown of each golden input, and of real pages, read back
 * with commonmark-java gives the page's text, every {@code <pre>}'s text exactly, and every table (see
 * {@link RoundTrip} for what is compared). On the real pages, also: every link and image URL is what jsoup's
 * {@code absUrl} gives, and {@link PlainText} has the same words as the page's text.
 *
 * <p>The real pages are every {@value #EVERY}th page of Debian's python3-doc (Python 3.11) and openjdk-17-doc (JDK
 * 17 API) packages, in path order: about 430 pages. That test is skipped (a JUnit assumption, in
 * {@link DocSets#htmlPages()}) when the packages are not installed; {@code sudo apt-get install -y python3-doc
 * openjdk-17-doc} installs them.
 */
class MarkdownRoundTripTest {
    private static final int EVERY = 25;

    @TestFactory
    Stream<DynamicTest> everyGoldenInputComesBackWhole() {
        return Goldens.inputs().stream().map(html -> DynamicTest.dynamicTest(Goldens.name(html), () -> {
            Element body = Goldens.body(html);
            assertEquals(List.of(), RoundTrip.problems(body, Markdown.of(body)));
        }));
    }

    @Test
    void everySampledDocPageComesBackWhole() {
        List<Path> pages = DocSets.htmlPages().stream().sorted().toList();
        List<String> failures = new ArrayList<>();
        int pres = 0;
        int tables = 0;
        for (int i = 0; i < pages.size(); i += EVERY) {
            Path page = pages.get(i);
            Element body = Jsoup.parse(new String(DocSets.read(page), StandardCharsets.UTF_8),
                "https://docs.example.org/" + page.getFileName()).body();
            String md = Markdown.of(body);
            RoundTrip.Check check = RoundTrip.check(body, md);
            pres += check.codeBlocks();
            tables += check.tables();
            for (String problem : check.problems()) failures.add(page + ": " + problem);
            MarkdownTest.assertShape(md);
            MarkdownTest.assertSameAsAbsUrl(body);
            String text = RoundTrip.normalise(PlainText.of(body));
            if (!text.equals(RoundTrip.normalise(RoundTrip.visible(body).text()))) failures.add(page + ": plain text");
        }
        assertEquals(List.of(), failures);
        assertTrue(pres > 100 && tables > 10, "the sample should hold code and tables: " + pres + " pre, " + tables
            + " tables");
    }
}
