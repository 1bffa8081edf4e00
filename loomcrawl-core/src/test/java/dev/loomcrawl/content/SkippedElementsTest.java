package dev.loomcrawl.content;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.loomcrawl.extract.PageTree;
import dev.loomcrawl.extract.StreamingLinkExtractor;
import dev.loomcrawl.url.WebUrl;
import java.nio.charset.StandardCharsets;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.Test;

/**
 * {@link SkippedElements} reads an element's attributes in one pass and aria-hidden's value without making a string
 * of it: it says what reading each attribute by name, as jsoup's {@code attr} does, would say, on trees made by the
 * link pass (values as the page writes them, references and all) and from jsoup's DOM (values decoded); and the same
 * when the main content's pass has said which elements have no attribute that could hide them.
 */
class SkippedElementsTest {
    private static final String PAGE = "<body>"
            + "<p aria-hidden=true>1</p><p aria-hidden=' TRUE\t'>2</p><p aria-hidden='tRuE'>3</p>"
            + "<p aria-hidden='true '>4</p><p aria-hidden='truee'>5</p><p aria-hidden='tru'>6</p>"
            + "<p aria-hidden='t rue'>7</p><p aria-hidden>8</p><p aria-hidden=''>9</p><p aria-hidden=false>10</p>"
            + "<p aria-hidden='&#116;rue'>11</p><p aria-hidden='&#x54;RUE'>12</p><p aria-hidden='tru&eacute;'>13</p>"
            + "<p aria-hidden='&nbsp;true'>14</p><p aria-hidden='true&#10;'>15</p><p aria-hidden='\u0130rue'>16</p>"
            + "<p aria-hidden=false aria-hidden=true>17</p><p aria-hidden=true aria-hidden=false>18</p>"
            + "<p ARIA-HIDDEN=True>19</p><p hidden>20</p><p HIDDEN=no>21</p><p class=a hidden=''>22</p>"
            + "<p style='display:none'>23</p><p style=' Display : NONE ! important'>24</p>"
            + "<p style='color:red;visibility:hidden'>25</p><p style='display:nonesuch'>26</p>"
            + "<p style='display&#58;none'>27</p><p style=color:red style=display:none>28</p>"
            + "<p style=display:none style=color:red>29</p><p title=x data-aria-hidden=true>30</p>"
            + "<p style=x aria-hidden=false hidden>31</p><p>32</p><p aria-hidden='\ttrue\n'>33</p>"
            + "<script>x</script><input value=x><span style='DISPLAY:NONE;'>34</span></body>";
    private static final String URL = "https://example.org/page.html";

    @Test
    void aPassOverTheAttributesSaysWhatReadingThemByNameSays() {
        PageTree streamed = new StreamingLinkExtractor(1000, false)
                .extract(PAGE.getBytes(StandardCharsets.UTF_8), "utf-8", WebUrl.parse(URL), true).tree();
        PageTree parsed = PageTree.of(Jsoup.parse(PAGE, URL));
        for (PageTree tree : new PageTree[] {streamed, parsed}) {
            // and with what the main content's pass over the elements says of which no attribute hides
            byte[] hints = MainContent.find(tree).classHints();
            int hidden = 0;
            int shown = 0;
            for (int n = 1; n < tree.size(); n++) {
                if (tree.isText(n)) continue;
                int role = ElementRole.of(tree.name(n));
                boolean expected = byName(tree, n, role);
                assertEquals(expected, SkippedElements.skipped(tree, n, role, null), tree.name(n) + " " + n);
                assertEquals(expected, SkippedElements.skipped(tree, n, role, hints), tree.name(n) + " " + n);
                if (expected) hidden++;
                if ((hints[n] & ClassHints.SHOWN) != 0) shown++;
            }
            assertEquals(23, hidden); // head, script and input, and the 19 hiding paragraphs and the span above
            assertEquals(5, shown); // body, the script and the input, paragraph 32 (no attribute) and 30 (others)
        }
    }

    @Test
    void noCharacterBeyondAsciiIsALetterOfTrueIgnoringCase() {
        for (char c = 128; c != 0; c++) {
            for (char letter : "true".toCharArray()) {
                assertFalse(String.valueOf(c).equalsIgnoreCase(String.valueOf(letter)), Integer.toHexString(c));
            }
        }
    }

    /** What the skipped elements were before the one pass: each attribute read by name, values as strings. */
    private static boolean byName(PageTree tree, int n, int role) {
        if (role == ElementRole.SKIPPED) return true;
        if (tree.hasAttr(n, "hidden")) return true;
        if (tree.attr(n, "aria-hidden").trim().equalsIgnoreCase("true")) return true;
        return SkippedElements.hiddenByStyle(tree.attr(n, "style"));
    }
}
