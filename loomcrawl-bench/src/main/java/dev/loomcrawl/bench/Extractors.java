package dev.loomcrawl.bench;

import de.l3s.boilerpipe.extractors.ArticleExtractor;
import dev.loomcrawl.content.MainContent;
import net.dankito.readability4j.Readability4J;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

import java.util.List;

/**
 * The main-content extractors ContentQuality compares, each giving the text it finds in a page. The whole body's text
 * is the baseline; Readability4J 1.0.8 (a Kotlin port of Mozilla Readability) and boilerpipe 1.2.2's
 * ArticleExtractor are the libraries measured against loomcrawl's {@link MainContent}, which reads jsoup's parse as a
 * {@code PageTree} (in a crawl, the link pass records that tree) and gives its text through a copy of the content.
 */
final class Extractors {
    /** The text one extractor finds, given the page's HTML and (when {@code givenDocument}) a fresh jsoup parse. */
    interface Text {
        String of(String html, Document doc, String url) throws Exception;
    }

    /**
     * One extractor.
     *
     * @param givenDocument whether it takes jsoup's parse (else it parses the HTML itself, and its time has the parse)
     */
    record Extractor(String name, Text text, boolean givenDocument) {
        /** The text found, or null when the extractor failed (threw, or overflowed its stack). */
        String run(String html, Document doc, String url) {
            try {
                String found = text.of(html, givenDocument ? doc : null, url);
                return found == null ? "" : found;
            } catch (Exception | StackOverflowError e) {
                return null;
            }
        }
    }

    static final List<Extractor> ALL = List.of(
            new Extractor("whole body text (baseline)", (html, doc, url) -> doc.body().text(), true),
            new Extractor("Readability4J 1.0.8", Extractors::readability, true),
            new Extractor("boilerpipe 1.2.2 ArticleExtractor", (html, doc, url) ->
                    ArticleExtractor.INSTANCE.getText(html), false),
            new Extractor("loomcrawl MainContent",
                    (html, doc, url) -> MainContent.of(doc).toTextElement(url).text(),
                    true));

    /** The index of loomcrawl's in {@link #ALL}. */
    static final int LOOMCRAWL = 3;

    private Extractors() {}

    private static String readability(String html, Document doc, String url) {
        Element content = new Readability4J(url, doc).parse().getArticleContent();
        return content == null ? "" : content.text();
    }
}
