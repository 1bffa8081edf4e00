package dev.loomcrawl.scope;

import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.setting.BadSetting;
import dev.loomcrawl.url.WebUrl;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The patterns of include, exclude, logout and render-include: found anywhere, in time linear in the URL. */
class UrlPatternTest {
    /**
     * Java's own regular expressions backtrack on this pair for hours (each x more doubles the work, several times
     * over); RE2/J answers at once. The deadline is no speed target: it only tells "answers" from "hangs".
     */
    @Test
    void aCatastrophicPatternIsMatchedInLinearTime() {
        String url = "http://example.com/" + "x".repeat(40);
        RootScope scope = new RootScope(List.of(WebUrl.parse("http://example.com/")), ScopeKind.HOST, false,
                List.of(UrlPattern.compile("((x+)+)+y")), List.of(UrlPattern.compile("(a|aa)+$")));
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            for (int i = 0; i < 1000; i++) {
                assertEquals(ScopeDecision.EXCLUDED, scope.decide(WebUrl.parse(url + "/" + i)));
            }
        });
        assertTrue(UrlPattern.compile("((x+)+)+y").foundIn("x".repeat(5000) + "y"));
    }

    @Test
    void foundAnywhereAsJavaFindWould() {
        UrlPattern p = UrlPattern.compile("(?i)/DOCS/[a-z]+\\.html$");
        assertTrue(p.foundIn("http://example.com/docs/intro.html"));
        assertFalse(p.foundIn("http://example.com/docs/intro.html?x"));
        assertEquals("(?i)/DOCS/[a-z]+\\.html$", p.pattern());
        assertEquals(p, UrlPattern.compile("(?i)/DOCS/[a-z]+\\.html$"));
    }

    @Test
    void aPatternRe2CannotRunIsRefusedSayingWhy() {
        BadSetting lookAround = assertThrows(BadSetting.class,
                () -> CrawlConfig.builder().root("http://example.com/").exclude("/(?!docs)").build());
        assertTrue(lookAround.getMessage().contains("is not a valid regular expression: /(?!docs) (loomcrawl takes "
                + "RE2's syntax: no back-references or look-around)"), lookAround.getMessage());
        BadSetting broken = assertThrows(BadSetting.class,
                () -> CrawlConfig.builder().root("http://example.com/").include("[").build());
        assertTrue(broken.getMessage().endsWith("is not a valid regular expression: ["), broken.getMessage());
        assertThrows(BadSetting.class, () -> CrawlConfig.builder().root("http://example.com/").login(
                "http://example.com/login").logout("(a)\\1").build());
    }
}
