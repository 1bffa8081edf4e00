package dev.loomcrawl;

import dev.loomcrawl.result.FoundLink;
import dev.loomcrawl.testkit.Route;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Stylesheets are followed: what their url() and @import name is crawled, as a browser would load it. */
class StylesheetLinksTest {

    private static Route.Respond css(String css) {
        return new Route.Respond(200, Map.of("Content-Type", "text/css"), css.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void importedStylesheetsAndTheFontsAndImagesTheyNameAreCrawled() {
        try (TestSite site = TestSite.builder()
                .page("/", "<link rel=stylesheet href=/css/a.css><p style='background:url(/inline.png)'>x</p>")
                .route("/css/a.css", css("@import 'b.css'; body { background: url(\"../img/bg.png\") }"))
                .route("/css/b.css", css("@font-face { src: url(/fonts/f.woff2) format('woff2') } /* url(/no) */"))
                .route("/img/bg.png", new Route.Respond(200, Map.of("Content-Type", "image/png"), new byte[8]))
                .route("/fonts/f.woff2", new Route.Respond(200, Map.of("Content-Type", "font/woff2"), new byte[8]))
                .route("/inline.png", new Route.Respond(200, Map.of("Content-Type", "image/png"), new byte[8]))
                .start()) {
            CrawlRun run = CrawlRun.of(CrawlConfig.builder().root(site.url("/")));
            for (String p : List.of("/css/a.css", "/css/b.css", "/img/bg.png", "/fonts/f.woff2", "/inline.png")) {
                assertEquals(1, site.requestCount(p), p);
                assertEquals(200, run.record(site.url(p)).status(), p);
            }
            assertEquals(0, site.requestCount("/no"));
            assertEquals(2, run.record(site.url("/css/a.css")).numUrls());
            List<FoundLink> links = run.links(site.url("/css/a.css"));
            assertEquals(List.of("css import " + site.url("/css/b.css"), "css url " + site.url("/img/bg.png")),
                    links.stream().map(l -> l.link().element() + " " + l.link().attribute() + " " + l.link().to())
                            .toList());
            assertTrue(links.stream().allMatch(FoundLink::followed));
        }
    }
}
