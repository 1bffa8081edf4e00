package dev.loomcrawl.extract;

import dev.loomcrawl.url.WebUrl;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * A {@link PageTree}'s attribute values read without making strings (the page's characters, and which of some names an
 * attribute has), from the link pass and from jsoup's DOM alike.
 */
class PageTreeValuesTest {
    private static final String HTML = "<p CLASS=\"a b\" data-x title='&lt;T&gt;' class=dup data-y=\"\">x</p>";
    private static final String[] NAMES = {"id", "title", "class"};

    @Test
    void valuesAreRangesOfThePagesCharactersWhicheverMadeTheTree() {
        PageTree streamed = new StreamingLinkExtractor(-1, false)
                .extract(HTML.getBytes(StandardCharsets.UTF_8), "utf-8", WebUrl.parse("http://example.com/"), true).tree();
        PageTree fromJsoup = PageTree.of(Jsoup.parse(HTML));
        assertEquals("[class=a b] [data-x none] [title=<T>] [data-y=]", describe(fromJsoup));
        // the link pass keeps the page's own characters and the duplicate attribute
        assertEquals("[class=a b] [data-x none] [title=&lt;T&gt; decoded <T>] [class=dup] [data-y=]",
                describe(streamed));
    }

    @Test
    void anAttributeIsFoundByNameAndTellsWhetherItsValueHasAReference() {
        PageTree streamed = new StreamingLinkExtractor(-1, false)
                .extract(HTML.getBytes(StandardCharsets.UTF_8), "utf-8", WebUrl.parse("http://example.com/"), true).tree();
        for (PageTree t : new PageTree[]{streamed, PageTree.of(Jsoup.parse(HTML))}) {
            int p = 0;
            while (!t.is(p, "p")) p++;
            int title = t.attributeIndex(p, "title");
            assertEquals(2, title);
            assertEquals(0, t.attributeIndex(p, "class")); // the first of two, as jsoup keeps it
            assertEquals(-1, t.attributeIndex(p, "id"));
            assertEquals(t == streamed, t.valueHasReference(p, title));
            assertEquals("<T>", t.attributeValue(p, title));
            assertFalse(t.valueHasReference(p, 0));
            assertEquals(-1, t.valueStart(p, t.attributeIndex(p, "data-x"))); // no value at all
            int empty = t.attributeIndex(p, "data-y");
            assertEquals(t.valueStart(p, empty), t.valueEnd(p, empty)); // an empty one
        }
    }

    /** Each attribute of the p: its name, and its value as characters (and decoded when they hold a reference). */
    private static String describe(PageTree t) {
        int p = 0;
        while (!t.is(p, "p")) {
            p++;
        }
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < t.attributes(p); i++) {
            int known = t.attributeNameIn(p, i, NAMES);
            out.append(out.isEmpty() ? "[" : " [").append(known < 0 ? t.attributeName(p, i) : NAMES[known]);
            int start = t.valueStart(p, i);
            if (start < 0) {
                out.append(" none]");
                continue;
            }
            String chars = new String(t.attributeChars(), start, t.valueEnd(p, i) - start);
            out.append('=').append(chars);
            if (chars.indexOf('&') >= 0) {
                out.append(" decoded ").append(t.attributeValue(p, i));
            }
            out.append(']');
        }
        return out.toString();
    }
}
