package dev.loomcrawl.content;

import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * Emphasis that stars cannot express where it stands (Sphinx's signatures: {@code <em>class</em>} inside a bold
 * signature, {@code <em>/</em>} and {@code <em>key='-'</em>} between punctuation) comes out as Markdown, with
 * underscores or as its text, never as raw {@code <em>} HTML; CommonMark reads the underscores as emphasis.
 */
class EmphasisFallbackTest {
    private static String md(String html) {
        return Markdown.of(Jsoup.parse(html).body());
    }

    @Test
    void emphasisStarsCannotExpressIsWrittenWithUnderscoresOrAsText() {
        String signature = md("<dl><dt><strong><em>class</em> abc.ABC</strong></dt><dd><p>A helper.</p></dd></dl>"
                + "<p><strong>f(<em>signum</em>, <em>/</em>)</strong> and g(<em>prefix_chars='-'</em>, x)</p>");
        assertFalse(signature.contains("<em>") || signature.contains("</em>"), signature);
        String html = HtmlRenderer.builder().build().render(Parser.builder().build().parse(signature));
        assertEquals(true, html.contains("<strong><em>class</em> abc.ABC</strong>"), html);
        assertEquals(true, html.contains("<em>signum</em>"), html);
        assertEquals(true, html.contains("prefix_chars='-'"), "the text stays: " + html);
    }
}
