package dev.loomcrawl.extract;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;

class LinkTest {

    /** The rel keywords as HTML splits them (ASCII whitespace), compared ignoring ASCII case. */
    private static boolean oracle(String rel) {
        for (String r : rel.split("[\\t\\n\\f\\r ]+")) {
            if (r.toLowerCase(Locale.ROOT).equals("nofollow")) return true;
        }
        return false;
    }

    @Test
    void nofollowIsAKeywordOfRelInAnyCaseAmongAnyWhitespace() {
        for (String rel : List.of("", "nofollow", "NoFollow", "external nofollow", " nofollow ", "\tnofollow\n",
                "noopener\fNOFOLLOW\rx", "nofollowx", "xnofollow", "no-follow", "no follow", "nofollo", "  ",
                "nofollow\u00a0", "sponsored ugc")) {
            Link link = new Link(null, "x", "a", "href", "", rel);
            assertEquals(oracle(rel), link.nofollow(), "rel='" + rel + "'");
        }
    }
}
