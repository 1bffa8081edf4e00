package dev.loomcrawl.content;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.loomcrawl.extract.PageTree;
import dev.loomcrawl.extract.StreamingLinkExtractor;
import dev.loomcrawl.url.WebUrl;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * {@link Generator#of}: the generator meta's name is compared decoded, as jsoup's {@code attr} gives it, in the
 * streaming parser's tree (the page's characters, references and all) as in one made from jsoup's DOM.
 */
class GeneratorTest {
    @Test
    void theGeneratorMetaIsFoundByItsDecodedName() {
        assertEquals(Generator.JAVADOC, of("<meta name=\"generator\" content=\"javadoc/ClassWriterImpl\">"));
        assertEquals(Generator.JAVADOC, of("<meta name=\"description\" content=\"x\">"
                + "<meta name=\"gener&#97;tor\" content=\"javadoc/17\">"));
        assertEquals(Generator.JAVADOC, of("<meta NAME=generator content=\"javadoc/17\">"));
        assertEquals(Generator.RUSTDOC, of("<meta charset=\"utf-8\"><meta name=\"generator\" content=\"rustdoc\">"));
        assertEquals(Generator.NONE, of("<meta name=\"generators\" content=\"javadoc/17\">"));
        assertEquals(Generator.NONE, of("<meta name=\"generato\" content=\"javadoc/17\">"));
        assertEquals(Generator.NONE, of("<meta name=\"Generator\" content=\"javadoc/17\">"));
        assertEquals(Generator.NONE, of("<meta name content=\"javadoc/17\">"));
        assertEquals(Generator.NONE, of("<meta content=\"javadoc/17\">"));
        assertEquals(Generator.NONE, of("<meta name=\"generator&amp;\" content=\"javadoc/17\">"));
    }

    /** The generator of a page with {@code head} in its head, in both trees, which must agree. */
    private static Generator of(String head) {
        byte[] html = ("<html><head>" + head + "</head><body><p>x</body></html>").getBytes(StandardCharsets.UTF_8);
        Generator streamed = Generator.of(new StreamingLinkExtractor()
                .extract(html, "UTF-8", WebUrl.parse("https://example.org/"), true).tree());
        assertEquals(Generator.of(PageTree.parse(html, "UTF-8", "https://example.org/")), streamed, head);
        return streamed;
    }
}
