package dev.loomcrawl.internal.robots;

import dev.loomcrawl.internal.robots.RobotsDirectives;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Reading robots directives as Google documents them. */
class RobotsDirectivesParsingTest {
    private static RobotsDirectives header(String value) {
        return RobotsDirectives.of(List.of(), List.of(Map.entry("x-robots-tag", value)), "loomcrawl");
    }

    @Test
    void directivesAreCommaSeparatedCaseInsensitiveAndNoneMeansNoindexNofollow() {
        assertEquals(new RobotsDirectives(true, true, false), RobotsDirectives.parse(" NONE "));
        assertEquals(new RobotsDirectives(true, false, true), RobotsDirectives.parse("noindex,NoArchive, nosnippet"));
        assertEquals(RobotsDirectives.NONE, RobotsDirectives.parse("all, max-snippet:20, index, follow"));
        assertEquals(RobotsDirectives.NONE, RobotsDirectives.parse(""));
    }

    @Test
    void aHeaderWithAUserAgentPrefixAppliesOnlyToThatAgent() {
        assertEquals(new RobotsDirectives(false, true, false), header("LoomCrawl: nofollow"));
        assertEquals(RobotsDirectives.NONE, header("googlebot: nofollow, noindex"));
        assertEquals(new RobotsDirectives(true, false, false), header("unavailable_after: 2025-01-01, noindex"));
        assertEquals(new RobotsDirectives(true, true, false), header("noindex, nofollow"));
    }

    @Test
    void everySourceAddsItsDirectives() {
        RobotsDirectives d = RobotsDirectives.of(List.of("noindex", "noarchive"),
                List.of(Map.entry("x-robots-tag", "nofollow"), Map.entry("content-type", "text/html")), "loomcrawl");
        assertEquals(new RobotsDirectives(true, true, true), d);
        assertEquals("noindex,nofollow,noarchive", d.label());
        assertEquals(d, RobotsDirectives.ofLabel(d.label()));
        assertEquals(null, RobotsDirectives.NONE.label());
        assertEquals("mybot", RobotsDirectives.agentToken("MyBot/1.0 (+https://example.com)"));
    }
}
