package dev.loomcrawl.extract;

import dev.loomcrawl.reason.LinkReason;
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

    @Test
    void aLinkWithoutTargetIsAnotherSchemeOrAnInvalidUrl() {
        dev.loomcrawl.url.WebUrl page = dev.loomcrawl.url.WebUrl.parse("http://example.com/dir/page");
        for (String scheme : List.of("mailto:a@b.c", "javascript:void(0)", " tel:+1", "DATA:x", "ftp://h/", "a+b.c-d:x",
                "jav\tascript:x")) {
            assertEquals(LinkReason.SCHEME,
                    new Link(Link.resolve(page, scheme), scheme, "a", "href", "", "").unfetchableReason(),
                    scheme);
        }
        for (String bad : List.of("http://exa mple.com/", "https://" + "a".repeat(64) + ".com/", "//" + "b".repeat(300),
                "http://h:99999/", "HTTP://[::1/", "http://" + "\u00e9".repeat(2000) + "/", "//" + "c.".repeat(127) + "d")) {
            Link link = new Link(Link.resolve(page, bad), bad, "a", "href", "", "");
            assertEquals(LinkReason.INVALID_URL, link.unfetchableReason(), bad);
        }
        assertEquals(null, new Link(page, "x", "a", "href", "", "").unfetchableReason());
        // the longest a DNS name can be is fine: 253 characters, labels of 63
        String longest = ("a".repeat(63) + ".").repeat(3) + "b".repeat(61);
        assertEquals(253, longest.length());
        assertEquals(longest, page.resolve("http://" + longest + "/").host());
        assertEquals(longest + ".", page.resolve("http://" + longest + "./").host());
        assertEquals(null, page.resolve("http://" + longest + "c/"));
    }
}
