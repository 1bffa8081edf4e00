package dev.loomcrawl.url;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Cases from the WHATWG URL Standard's behaviour (as browsers resolve), where java.net.URI differs. */
class WebUrlTest {
    private static final WebUrl BASE = WebUrl.parse("http://example.org/foo/bar?q=1#frag");

    @ParameterizedTest(name = "[{index}] {0} -> {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            "baz                       | http://example.org/foo/baz",
            "./baz                     | http://example.org/foo/baz",
            "../baz                    | http://example.org/baz",
            "../../../../baz           | http://example.org/baz",
            "/baz                      | http://example.org/baz",
            "//other.com/x             | http://other.com/x",
            "\\\\other.com\\x\\y       | http://other.com/x/y",
            "?z=2                      | http://example.org/foo/bar?z=2",
            "#top                      | http://example.org/foo/bar?q=1",
            "\"\"                      | http://example.org/foo/bar?q=1",
            "http:baz                  | http://example.org/foo/baz",
            "https:baz                 | https://baz/",
            "HTTP://EXAMPLE.COM:80/A   | http://example.com/A",
            "https://example.com:443/  | https://example.com/",
            "http://example.com:8080   | http://example.com:8080/",
            "\"  http://example.com/a \" | http://example.com/a",
            "\"http://exa\tmple.com/a\nb\" | http://example.com/ab",
            "http://example.com/a b    | http://example.com/a%20b",
            "http://example.com/a\"b<c>| http://example.com/a%22b%3Cc%3E",
            "http://example.com/é      | http://example.com/%C3%A9",
            "http://example.com/?q=a b'| http://example.com/?q=a%20b%27",
            "http://example.com/a/./b/../c | http://example.com/a/c",
            "http://example.com/a/%2e%2E/c | http://example.com/c",
            "http://example.com/a/.%2e | http://example.com/",
            "http://example.com/a/.    | http://example.com/a/",
            "\"http://example.com/a|b\" | \"http://example.com/a|b\"",
            "http://example.com/%zz    | http://example.com/%zz",
            "http://0x7f.1/            | http://127.0.0.1/",
            "http://2130706433/        | http://127.0.0.1/",
            "http://0177.0.0.1/        | http://127.0.0.1/",
            "http://[0:0:0:0:0:0:0:1]:81/ | http://[::1]:81/",
            "http://[2001:DB8::0:1]/   | http://[2001:db8::1]/",
            "http://[::ffff:1.2.3.4]/  | http://[::ffff:102:304]/",
            "http://user:p@ss@host/    | http://user:p%40ss@host/",
            "http://BÜCHER.example/    | http://xn--bcher-kva.example/",
            "http://ex%41mple.com/     | http://example.com/",
            "http:///example.com/      | http://example.com/",
            "http://example.com/a?b#c?d | http://example.com/a?b",
            "//example.net             | http://example.net/",
    })
    void resolvesLikeABrowser(String input, String expected) {
        WebUrl url = BASE.resolve(input);
        assertEquals(expected, url == null ? null : url.toString());
        WebUrl full = UrlParser.parseFully(input, BASE); // the oracle, without PlainReference's fast path
        assertEquals(expected, full == null ? null : full.toString());
    }

    @ParameterizedTest(name = "[{index}] {0} is rejected")
    @CsvSource(delimiter = '|', value = {
            "mailto:someone@example.com", "javascript:void(0)", "data:text/html,hi", "ftp://example.com/",
            "http://", "http://exa mple.com/", "http://example.com:99999/", "http://example.com:8o/",
            "http://1.2.3.256/", "http://[::1/", "http://a<b/", "http://user@/",
    })
    void rejectsWhatIsNotAFetchableUrl(String input) {
        assertNull(BASE.resolve(input));
        assertNull(UrlParser.parseFully(input, BASE));
    }

    @Test
    void relativeReferenceNeedsABase() {
        assertNull(WebUrl.tryParse("/foo", null));
        assertThrows(IllegalArgumentException.class, () -> WebUrl.parse("example.com/foo"));
    }

    @Test
    void exposesOriginAndParts() {
        WebUrl url = WebUrl.parse("https://Example.com:8443/a/b?x=1");
        assertEquals(new Origin("https", "example.com", 8443), url.origin());
        assertEquals("/a/b", url.path());
        assertEquals("x=1", url.query());
        assertEquals(443, WebUrl.parse("https://example.com/").port());
        assertEquals("https://example.com:8443", url.origin().toString());
    }
}
