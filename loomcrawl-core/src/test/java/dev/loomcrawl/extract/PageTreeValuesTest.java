package dev.loomcrawl.extract;

import dev.loomcrawl.url.WebUrl;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
