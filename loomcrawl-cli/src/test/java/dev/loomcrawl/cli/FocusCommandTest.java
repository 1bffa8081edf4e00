package dev.loomcrawl.cli;

import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code crawl --focus}: the report says why a focused crawl stopped and how relevant its best pages were. */
class FocusCommandTest {
    @Test
    void theReportSaysWhyAFocusedCrawlStoppedAndItsBestPages() {
        Map<String, String> pages = new LinkedHashMap<>();
        StringBuilder links = new StringBuilder("<a href=/answer>Event loop settings</a> ");
        for (int i = 0; i < 40; i++) {
            links.append("<a href=/p").append(i).append(">Chapter ").append(i).append("</a> ");
            pages.put("/p" + i, "<html><body><main><p>Nothing about it here.</p></main></body></html>");
        }
        pages.put("/answer", "<html><body><main><p>To configure the event loop, call set_event_loop.</p></main>"
                + "</body></html>");
        pages.put("/", "<html><body><main><p>" + links + "</p></main></body></html>");
        try (TestSite site = TestSite.builder().pages(pages).start()) {
            CrawlCommandTest.Run run = CrawlCommandTest.run("crawl", "--focus", "configure the event loop",
                    "--focus-patience", "5", "--max-tasks", "1", "--per-host", "1", site.url("/"));
            assertEquals(0, run.exit(), run.err());
            assertTrue(run.out().contains("Focus: \"configure the event loop\": 7 pages read; stopped early: the last "
                    + "5 pages added no passage more relevant than those found"), run.out());
            assertTrue(run.out().contains("  1.00 " + site.url("/answer")), run.out());
            assertTrue(run.out().contains("queued_focus-patience"), run.out());
        }
    }
}
