package dev.loomcrawl;

import dev.loomcrawl.limits.LimitSettings;
import dev.loomcrawl.reason.Limit;
import dev.loomcrawl.result.FocusReport;
import dev.loomcrawl.testkit.RecordedRequest;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code --focus}: each origin's URLs taken best first, by their links' estimated relevance to a question; the
 * rest of the crawl (politeness, scope, limits) unchanged; an early stop once pages stop adding better passages.
 */
class FocusedCrawlTest {
    static final String QUESTION = "how do I configure the event loop";

    private static String page(String title, String body) {
        return "<!doctype html><html><head><title>" + title + "</title></head><body><main><h1>" + title + "</h1>"
                + body + "</main></body></html>";
    }

    /** The pages fetched, in the order their requests started (robots.txt left out). */
    private static List<String> order(TestSite site) {
        return site.requests().stream().filter(r -> !r.target().equals("/robots.txt"))
                .sorted(Comparator.comparingLong(RecordedRequest::startNanos)).map(RecordedRequest::target).toList();
    }

    /** One fetch at a time, so the order taken is the order fetched. */
    private static CrawlRun crawl(TestSite site, String focus) {
        CrawlConfig.Builder b = CrawlConfig.builder().root(site.url("/")).maxTasks(1).perHost(1);
        if (focus != null) b.focus(focus).focusPatience(-1);
        return CrawlRun.of(b);
    }

    @Test
    void theAnchorTextAloneLeadsToTheAnswer() {
        StringBuilder links = new StringBuilder("<ul>");
        for (int i = 0; i < 30; i++) links.append("<li><a href=/p").append(i).append(">Chapter ").append(i)
                .append("</a></li>");
        links.append("<li><a href=/p99>Configure the event loop</a></li></ul>");
        Map<String, String> pages = new LinkedHashMap<>();
        pages.put("/", page("Contents", links.toString()));
        for (int i = 0; i < 30; i++) pages.put("/p" + i, page("Chapter " + i, "<p>Nothing to see.</p>"));
        pages.put("/p99", page("Chapter 99", "<p>To configure the event loop, call set_event_loop.</p>"));
        try (TestSite plain = TestSite.builder().pages(pages).start();
             TestSite focused = TestSite.builder().pages(pages).start()) {
            crawl(plain, null);
            crawl(focused, QUESTION);
            assertEquals(31, order(plain).indexOf("/p99"), order(plain).toString());
            assertEquals(1, order(focused).indexOf("/p99"), order(focused).toString());
            assertEquals(order(plain).size(), order(focused).size(), "the same pages, in another order");
        }
    }

    @Test
    void onlyTheLinkingPagesRelevanceLeadsToTheAnswer() {
        Map<String, String> pages = new LinkedHashMap<>();
        StringBuilder hubs = new StringBuilder();
        for (int h = 0; h < 10; h++) {
            hubs.append("<a href=/h").append(h).append(">Part ").append(h).append("</a> ");
            String text = h == 7 ? "<p>This part explains how to configure the event loop of a program in detail."
                    + "</p>" : "<p>This part is about other matters entirely, such as files and numbers.</p>";
            StringBuilder children = new StringBuilder(text);
            for (int c = 0; c < 5; c++) {
                children.append("<a href=/h").append(h).append("/c").append(c).append(">more</a> ");
                pages.put("/h" + h + "/c" + c, page("Page " + c, "<p>Some text.</p>"));
            }
            pages.put("/h" + h, page("Part " + h, children.toString()));
        }
        pages.put("/", page("Contents", "<p>The parts.</p>" + hubs));
        try (TestSite plain = TestSite.builder().pages(pages).start();
             TestSite focused = TestSite.builder().pages(pages).start()) {
            crawl(plain, null);
            crawl(focused, QUESTION);
            List<String> p = order(plain);
            List<String> f = order(focused);
            assertEquals(1 + 10 + 7 * 5, p.indexOf("/h7/c0"), p.toString());
            // the root, the parts up to /h7, then /h7's pages first (every fourth take is the oldest queued: a part)
            assertEquals(9, f.indexOf("/h7/c0"), f.toString());
            int lastOfH7 = 0;
            int firstOfOthers = Integer.MAX_VALUE;
            for (int i = 0; i < f.size(); i++) {
                if (f.get(i).startsWith("/h7/")) lastOfH7 = i;
                else if (f.get(i).matches("/h\\d/c\\d")) firstOfOthers = Math.min(firstOfOthers, i);
            }
            assertTrue(lastOfH7 < firstOfOthers, "/h7's pages before any other part's: " + f);
            assertEquals(p.size(), f.size());
        }
    }

    @Test
    void aBetterLinkFoundLaterRaisesAURLQueuedEarlier() {
        // the answer is first linked from the contents, by a name that says nothing; a relevant page read later links
        // to it in the question's words
        StringBuilder links = new StringBuilder();
        for (int i = 0; i < 30; i++) links.append("<a href=/p").append(i).append(">Chapter ").append(i).append("</a> ");
        links.append("<a href=/x42>x42</a> <a href=/guide>Event loop guide</a>");
        Map<String, String> pages = new LinkedHashMap<>();
        pages.put("/", page("Contents", links.toString()));
        for (int i = 0; i < 30; i++) pages.put("/p" + i, page("Chapter " + i, "<p>Nothing to see.</p>"));
        pages.put("/guide", page("Event loop guide", "<p>The event loop runs your program's tasks. "
                + "<a href=/x42>Configure the event loop</a></p>"));
        pages.put("/x42", page("x42", "<p>To configure the event loop, call set_event_loop.</p>"));
        try (TestSite site = TestSite.builder().pages(pages).start()) {
            crawl(site, QUESTION);
            List<String> f = order(site);
            assertEquals(List.of("/", "/guide", "/x42"), f.subList(0, 3), f.toString());
            assertEquals(33, f.size(), "every page once");
        }
    }

    @Test
    void aNameInAnIndexIsJudgedByItsDescription() {
        // an API index: a table of names that say nothing, each with its description in the next cell
        StringBuilder rows = new StringBuilder("<table>");
        for (int i = 0; i < 30; i++) {
            rows.append("<tr><td><a href=/api/Widget").append(i).append(">Widget").append(i).append("</a></td><td>")
                    .append(i == 17 ? "Sets up the event loop: its policy, its clock and its debug mode."
                            : "Draws a box of number " + i + " on the screen.").append("</td></tr>");
        }
        rows.append("</table>");
        Map<String, String> pages = new LinkedHashMap<>();
        pages.put("/", page("API", rows.toString()));
        for (int i = 0; i < 30; i++) pages.put("/api/Widget" + i, page("Widget" + i, "<p>A widget.</p>"));
        try (TestSite site = TestSite.builder().pages(pages).start()) {
            crawl(site, QUESTION);
            List<String> f = order(site);
            assertEquals(List.of("/", "/api/Widget17"), f.subList(0, 2), f.toString());
        }
    }

    @Test
    void whatAPageLoadsOrShowsIsTakenAfterThePagesAndNeverToExplore() {
        // a stylesheet, a script and images cannot answer a question: fetched still, but once the pages are
        StringBuilder home = new StringBuilder("<link rel=stylesheet href=/site.css><script src=/app.js></script>");
        for (int i = 0; i < 6; i++) home.append("<img src=/i").append(i).append(".png alt='figure ").append(i)
                .append("'>");
        home.append("<a href=/drawing.png>the drawing</a>");
        for (int i = 0; i < 12; i++) home.append("<a href=/p").append(i).append(">Chapter ").append(i).append("</a> ");
        TestSite.Builder b = TestSite.builder().page("/", page("Contents", home.toString()))
                .resource("/site.css", "text/css", "p { }".getBytes(java.nio.charset.StandardCharsets.UTF_8))
                .resource("/app.js", "text/javascript", "1;".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        for (int i = 0; i < 12; i++) b.page("/p" + i, page("Chapter " + i, "<p>Nothing to see.</p>"));
        try (TestSite site = b.start()) {
            crawl(site, QUESTION);
            List<String> f = order(site);
            List<String> pages = f.stream().filter(t -> t.equals("/") || t.startsWith("/p")).toList();
            assertEquals(13, pages.size(), f.toString());
            assertEquals(pages, f.subList(0, 13), "every page before any asset: " + f);
            assertEquals(13 + 9, f.size(), "the assets fetched after them: " + f);
        }
    }

    @Test
    void politenessIsUnchangedUnderFocus() {
        Map<String, String> pages = new LinkedHashMap<>();
        StringBuilder links = new StringBuilder();
        for (int i = 0; i < 12; i++) {
            links.append("<a href=/p").append(i).append(">").append(i % 3 == 0 ? "event loop" : "other")
                    .append("</a> ");
            pages.put("/p" + i, page("Page " + i, "<p>text</p>"));
        }
        pages.put("/", page("Contents", links.toString()));
        Duration delay = Duration.ofMillis(300);
        try (TestSite site = TestSite.builder().pages(pages).start()) {
            CrawlRun.of(CrawlConfig.builder().root(site.url("/")).maxTasks(8).perHost(2).delay(delay)
                    .focus(QUESTION).focusPatience(-1));
            List<RecordedRequest> requests = site.requests().stream().filter(r -> !r.target().equals("/robots.txt"))
                    .sorted(Comparator.comparingLong(RecordedRequest::startNanos)).toList();
            assertEquals(13, requests.size(), "13 pages, each once");
            for (int i = 1; i < requests.size(); i++) {
                long gap = requests.get(i).startNanos() - requests.get(i - 1).startNanos();
                // the delay spaces fetch starts; the server sees arrivals, which a new connection's connect time can
                // bring closer (as PolitenessTest allows)
                assertTrue(gap >= Duration.ofMillis(240).toNanos(), "a gap of " + gap / 1_000_000 + " ms at " + i);
            }
            for (RecordedRequest r : requests) {
                long atOnce = requests.stream().filter(o -> o.startNanos() <= r.startNanos()
                        && o.endNanos() > r.startNanos()).count();
                assertTrue(atOnce <= 2, atOnce + " at once");
            }
        }
    }

    @Test
    void aFocusedCrawlStopsWhenPagesAddNothingBetterAndSaysWhy() {
        Map<String, String> pages = new LinkedHashMap<>();
        StringBuilder links = new StringBuilder("<a href=/answer>Event loop settings</a> ");
        for (int i = 0; i < 60; i++) {
            links.append("<a href=/p").append(i).append(">Chapter ").append(i).append("</a> ");
            pages.put("/p" + i, page("Chapter " + i, "<p>Nothing about it here.</p>"));
        }
        pages.put("/answer", page("Event loop", "<p>To configure the event loop, call set_event_loop.</p>"));
        pages.put("/", page("Contents", links.toString()));
        try (TestSite site = TestSite.builder().pages(pages).start()) {
            CrawlRun run = CrawlRun.of(CrawlConfig.builder().root(site.url("/")).maxTasks(1).perHost(1)
                    .focus(QUESTION).focusPatience(10));
            assertEquals(Limit.FOCUS_PATIENCE, run.summary().limitReached());
            FocusReport report = run.summary().focus();
            assertTrue(report.settled());
            assertTrue(run.summary().done() < 20, run.summary().done() + " pages");
            assertEquals(site.url("/answer"), report.best().getFirst().url());
            assertEquals(1.0, report.best().getFirst().relevance(), 1e-6);
            assertTrue(report.lines().getFirst().contains("stopped early: the last 10 pages added no passage more "
                    + "relevant than those found"), report.lines().toString());
        }
    }
}
