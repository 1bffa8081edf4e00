package dev.loomcrawl.content;

import dev.loomcrawl.result.PageContent;
import dev.loomcrawl.extract.PageFacts;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * What a page says, from its HTML: parsed into a DOM (jsoup), its main content found ({@link MainContent}) and
 * written as Markdown ({@link Markdown}) and plain text ({@link PlainText}). The facts come from the crawl's link
 * pass, which has read them already.
 */
public final class PageContents {
    private PageContents() {
    }

    /**
     * The content of the page {@code html}, decoded with {@code charset} (the one its links were read with), its
     * links made absolute against {@code baseUrl} (and the page's own {@code <base href>}).
     */
    public static PageContent read(byte[] html, String charset, String baseUrl, PageFacts facts) {
        Document doc;
        try {
            doc = Jsoup.parse(new ByteArrayInputStream(html), charset, baseUrl);
        } catch (IOException e) { // a byte array does not fail to read
            throw new UncheckedIOException(e);
        }
        return of(doc, facts);
    }

    /** The content of a parsed page. */
    public static PageContent of(Document doc, PageFacts facts) {
        MainContent.Result main = MainContent.of(doc);
        Element content = main.toElement(doc.baseUri());
        return new PageContent(facts == null ? PageFacts.NONE : facts, PlainText.of(content),
                Markdown.of(content), main.found());
    }
}
