package dev.loomcrawl.serve;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Firecrawl's {@code POST /v2/crawl} with loomcrawl's {@code focus}: the pages likeliest to answer it first. One
 * fetch at a time ({@code maxConcurrency}), so that the second page of the budget is the one taken second.
 */
class FocusedJobTest {
    @TempDir
    Path dir;
    @RegisterExtension
    final Running running = new Running();

    @Test
    void aCrawlWithAFocusFetchesTheAnsweringPageWithinItsLimit() throws Exception {
        StringBuilder links = new StringBuilder();
        for (int i = 0; i < 10; i++) links.append("<a href=/p").append(i).append(">Chapter ").append(i).append("</a> ");
        links.append("<a href=/prices>Pricing plans</a>");
        TestSite site = TestSite.builder().page("/", "<html><body><main><p>" + links + "</p></main></body></html>")
                .pages(TestSite.crossLinked(10, 1)).page("/prices", "<html><body><main><p>Our pricing plans.</p>"
                        + "</main></body></html>").start();
        running.add(site);
        ServeOptions d = ServeOptions.defaults(0, dir.resolve("data"));
        Serve serve = Serve.start(new ServeOptions(d.host(), 0, d.data(), Set.of(), true, List.of(), d.keep(), 100, 2,
                1, 4, d.maxBody(), d.maxJobTime()), List.of());
        running.add(serve);
        Http http = Http.of(serve);
        for (String focus : new String[] {null, "what are the pricing plans"}) {
            Http.Answer started = http.post("/v2/crawl", "{\"url\": \"" + site.url("/") + "\", \"limit\": 2, "
                    + "\"sitemap\": \"skip\", \"crawlEntireDomain\": true, \"maxConcurrency\": 1"
                    + (focus == null ? "" : ", \"focus\": \"" + focus + "\"") + "}");
            assertEquals(200, started.status(), started.body());
            JsonNode done = http.finished("/v2/crawl/" + started.json().path("id").asText(), 60);
            List<String> urls = new ArrayList<>();
            done.path("data").forEach(x -> urls.add(x.path("metadata").path("url").asText()));
            assertEquals(2, urls.size(), done.toString());
            assertEquals(focus != null, urls.contains(site.url("/prices")), focus + ": " + urls);
        }
    }
}
