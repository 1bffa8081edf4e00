package dev.loomcrawl.scope;

import dev.loomcrawl.url.WebUrl;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RootScopeTest {
    private static RootScope scope(String root, ScopeKind kind, boolean lenient) {
        return new RootScope(List.of(WebUrl.parse(root)), kind, lenient, List.of(), List.of());
    }

    private static boolean allows(RootScope s, String url) {
        return s.allows(WebUrl.parse(url));
    }

    @Test
    void strictHostMatchingIgnoresCaseWwwAndPort() {
        RootScope s = scope("http://Example.com/", ScopeKind.HOST, false);
        assertTrue(allows(s, "http://example.com:8080/x"));
        assertTrue(allows(s, "https://www.example.com/"));
        assertFalse(allows(s, "http://sub.example.com/"));
        assertFalse(allows(s, "http://example.org/"));
        assertTrue(allows(scope("http://www.example.com/", ScopeKind.HOST, false), "http://example.com/"));
    }

    @Test
    void lenientHostMatchingComparesTheLastTwoLabels() {
        RootScope s = scope("http://www.example.com/", ScopeKind.HOST, true);
        assertTrue(allows(s, "http://a.b.example.com/"));
        assertFalse(allows(s, "http://example.org/"));
    }

    @Test
    void ipLiteralsMatchOnlyExactly() {
        RootScope s = scope("http://127.0.0.1:8000/", ScopeKind.HOST, true);
        assertTrue(allows(s, "http://127.0.0.1:9000/"));
        assertFalse(allows(s, "http://127.0.0.2/"));
        assertFalse(allows(s, "http://www.127.0.0.1.example/"));
    }

    @Test
    void domainScopeUsesThePublicSuffixList() {
        RootScope s = scope("http://www.example.co.uk/", ScopeKind.DOMAIN, false);
        assertTrue(allows(s, "http://shop.example.co.uk/"));
        assertTrue(allows(s, "http://example.co.uk/"));
        assertFalse(allows(s, "http://other.co.uk/"));
        RootScope github = scope("https://alice.github.io/", ScopeKind.DOMAIN, false);
        assertFalse(allows(github, "https://bob.github.io/")); // a private suffix: each user is its own site
    }

    @Test
    void prefixScopeKeepsToTheRootsDirectory() {
        RootScope s = scope("http://example.com/docs/v2/index.html", ScopeKind.PREFIX, false);
        assertTrue(allows(s, "http://example.com/docs/v2/api/x.html"));
        assertFalse(allows(s, "http://example.com/docs/v1/x.html"));
        assertFalse(allows(s, "http://example.com/"));
    }

    @Test
    void onlyHttpAndHttpsAndExcludeIncludePatterns() {
        RootScope s = new RootScope(List.of(WebUrl.parse("http://example.com/")), ScopeKind.HOST, false,
                List.of(UrlPattern.compile("/docs/")), List.of(UrlPattern.compile("\\.pdf$")));
        assertTrue(allows(s, "http://example.com/docs/a.html"));
        assertFalse(allows(s, "http://example.com/docs/a.pdf"));
        assertFalse(allows(s, "http://example.com/blog/"));
        assertFalse(WebUrl.tryParse("ftp://example.com/docs/", null) != null);
    }
}
