package dev.loomcrawl.embed;

import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.result.FocusReport;
import dev.loomcrawl.run.CrawlRunner;
import dev.loomcrawl.run.Ended;
import dev.loomcrawl.run.RunningCrawl;
import dev.loomcrawl.testkit.RecordedRequest;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A focused crawl with the embedding model on the class path (this module's): a question that shares no word with
 * the links on the way to its answer is led there by their meaning; with {@code focusModel(false)} the same crawl
 * goes by words only and takes the site in its order.
 */
class FocusByMeaningTest {
    static final String QUESTION = "measure how long a small snippet of code takes to run";
    static final List<String> CHAPTERS = List.of("Text Processing Services", "Binary Data Services", "Data Types",
            "File and Directory Access", "Data Persistence", "Internet Protocols and Support", "Multimedia Services",
            "Internationalization", "Graphical User Interfaces with Tk", "Debugging and Profiling",
            "Software Packaging and Distribution", "Python Language Services");

    private static String page(String title, String body) {
        return "<!doctype html><html><head><title>" + title + "</title></head><body><main><h1>" + title + "</h1>"
                + body + "</main></body></html>";
    }

    static Map<String, String> site() {
        Map<String, String> pages = new LinkedHashMap<>();
        StringBuilder contents = new StringBuilder("<ul>");
        for (int i = 0; i < CHAPTERS.size(); i++) {
            contents.append("<li><a href=/c").append(i).append(">").append(CHAPTERS.get(i)).append("</a></li>");
            pages.put("/c" + i, page(CHAPTERS.get(i), "<p>The modules of this chapter.</p>"));
        }
        pages.put("/", page("The Python Standard Library", contents.append("</ul>").toString()));
        pages.put("/c9", page("Debugging and Profiling", "<p>Tools for debugging and profiling.</p><ul>"
                + "<li><a href=/timeit>timeit</a></li><li><a href=/pdb>pdb</a></li></ul>"));
        pages.put("/timeit", page("timeit — Measure execution time of small code snippets",
                "<p>This module provides a simple way to time small bits of Python code.</p>"));
        pages.put("/pdb", page("pdb — The Python Debugger", "<p>An interactive source code debugger.</p>"));
        return pages;
    }

    /** One fetch at a time, so the order taken is the order fetched; the crawl's focus report. */
    static FocusReport crawl(TestSite site, boolean model) {
        CrawlConfig config = CrawlConfig.builder().root(site.url("/")).maxTasks(1).perHost(1).focus(QUESTION)
                .focusPatience(-1).focusModel(model).build();
        try (RunningCrawl run = CrawlRunner.of(config).start()) {
            Ended ended = run.crawl();
            if (ended instanceof Ended.Failed failed) throw failed.failure();
            return ended.summary().focus();
        }
    }

    private static List<String> order(TestSite site) {
        return site.requests().stream().filter(r -> !r.target().equals("/robots.txt"))
                .sorted(Comparator.comparingLong(RecordedRequest::startNanos)).map(RecordedRequest::target).toList();
    }

    @Test
    void theLinksMeaningLeadsWhereNoWordOfTheQuestionIs() {
        try (TestSite byWords = TestSite.builder().pages(site()).start();
             TestSite byMeaning = TestSite.builder().pages(site()).start()) {
            crawl(byWords, false);
            FocusReport report = crawl(byMeaning, true);
            // by words: the chapters in the contents' order (every fourth the oldest: the same here)
            assertEquals(10, order(byWords).indexOf("/c9"), order(byWords).toString());
            assertEquals(1, order(byMeaning).indexOf("/c9"), order(byMeaning).toString());
            assertEquals(2, order(byMeaning).indexOf("/timeit"), order(byMeaning).toString());
            assertEquals(order(byWords).size(), order(byMeaning).size(), "the same pages, in another order");
            assertEquals(byMeaning.url("/timeit"), report.best().getFirst().url(), report.toString());
            assertTrue(report.best().getFirst().relevance() > report.best().get(1).relevance(), report.toString());
        }
    }
}
