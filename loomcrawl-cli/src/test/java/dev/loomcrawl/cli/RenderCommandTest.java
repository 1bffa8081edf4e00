package dev.loomcrawl.cli;

import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.config.ConfigCodec;
import dev.loomcrawl.config.ConfigTarget;
import dev.loomcrawl.config.CrawlJob;
import dev.loomcrawl.config.RenderChoice;
import dev.loomcrawl.render.chromium.RenderSettings;
import dev.loomcrawl.testkit.SinglePageApp;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static dev.loomcrawl.cli.CrawlCommandTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** crawl --render and its options, in-process, on the test kit's single-page app in Debian's Chromium. */
class RenderCommandTest {
    @TempDir
    Path tmp;

    private static boolean chromium() {
        String path = System.getenv().getOrDefault("PATH", "");
        for (String dir : path.split(":")) {
            if (Files.isExecutable(Path.of(dir.isEmpty() ? "." : dir, "chromium"))) return true;
        }
        return false;
    }

    /** The URLs of the HTML pages in a records file, and whether every one of them was rendered. */
    private static Set<String> renderedPages(Path records) throws IOException {
        Set<String> pages = new TreeSet<>();
        for (String line : Files.readAllLines(records)) {
            if (!line.contains("\"content_type\":\"text/html\"")) continue;
            assertEquals("true", OutputFiles.field(line, "rendered"), line);
            pages.add(line.substring(8, line.indexOf('"', 8)));
        }
        return pages;
    }

    private static Set<String> urls(TestSite site, List<String> paths) {
        return paths.stream().map(site::url).collect(Collectors.toCollection(TreeSet::new));
    }

    @Test
    void renderFindsEveryPageOfTheAppAndTheRecordsSaySo() throws IOException {
        assumeTrue(chromium(), "Chromium is not installed");
        try (TestSite app = SinglePageApp.start()) {
            Path records = tmp.resolve("records.jsonl");
            Path content = tmp.resolve("content.jsonl");
            CrawlCommandTest.Run crawl = run("crawl", "--render", "--render-scroll", "3", "--no-progress",
                    "--output", records.toString(), "--content", content.toString(), app.url("/"));
            assertEquals(0, crawl.exit(), crawl.err());
            assertEquals(urls(app, SinglePageApp.allPages()), renderedPages(records));
            // what the page says comes from the browser's DOM: the server's HTML has no text, the app adds "late"
            String home = Files.readAllLines(content).stream()
                    .filter(l -> l.startsWith("{\"url\":\"" + app.url("/") + "\"")).findFirst().orElseThrow();
            assertTrue(OutputFiles.field(home, "text").contains("late"), home);
        }
    }

    @Test
    void aResumedCrawlKeepsRendering() throws IOException {
        assumeTrue(chromium(), "Chromium is not installed");
        try (TestSite app = SinglePageApp.start()) {
            Path records = tmp.resolve("records.jsonl");
            String state = tmp.resolve("crawl.db").toString();
            CrawlCommandTest.Run first = run("crawl", "--state", state, "--render-include", "/", "--render-scroll", "3",
                    "--max-pages", "4", "--no-progress", "--output", records.toString(), app.url("/"));
            assertEquals(0, first.exit(), first.err());
            CrawlCommandTest.Run rest = run("resume", "--max-pages", "100", "--no-progress", state);
            assertEquals(0, rest.exit(), rest.err());
            assertEquals(urls(app, SinglePageApp.allPages()), renderedPages(records));
            // the state keeps the flag too: its report says the same (schema version 4)
            Path reported = tmp.resolve("reported.jsonl");
            CrawlCommandTest.Run report = run("report", "--format", "jsonl", "-o", reported.toString(), state);
            assertEquals(0, report.exit(), report.err());
            assertEquals(urls(app, SinglePageApp.allPages()), renderedPages(reported));
        }
    }

    @Test
    void renderAutoRendersTheAppsPagesAndNotAStaticSitesAndTheRecordsSayWhy() throws IOException {
        assumeTrue(chromium(), "Chromium is not installed");
        try (TestSite app = SinglePageApp.start()) {
            Path records = tmp.resolve("app.jsonl");
            CrawlCommandTest.Run crawl = run("crawl", "--render", "auto", "--render-scroll", "3", "--no-progress",
                    "--output", records.toString(), app.url("/"));
            assertEquals(0, crawl.exit(), crawl.err());
            assertEquals(urls(app, SinglePageApp.allPages()), renderedPages(records));
            for (String line : Files.readAllLines(records)) {
                if (!line.contains("\"content_type\":\"text/html\"")) continue;
                assertTrue(List.of("scripts, little text and few links", "pages like it changed when rendered")
                        .contains(OutputFiles.field(line, "render_reason")), line);
            }
        }
        try (TestSite site = TestSite.builder().pages(TestSite.crossLinked(5, 2)).start()) {
            Path records = tmp.resolve("static.jsonl");
            // --render=auto, and a root right after --render: a root, not a mode
            CrawlCommandTest.Run crawl = run("crawl", "--render=auto", "--no-progress", "--output",
                    records.toString(), site.url("/p0"));
            assertEquals(0, crawl.exit(), crawl.err());
            List<String> lines = Files.readAllLines(records);
            assertEquals(5, lines.size());
            for (String line : lines) {
                assertEquals("false", OutputFiles.field(line, "rendered"), line);
                assertEquals("the HTML has its content", OutputFiles.field(line, "render_reason"), line);
            }
            Path every = tmp.resolve("every.jsonl");
            CrawlCommandTest.Run all = run("crawl", "--render", site.url("/p0"), "--no-progress", "--output",
                    every.toString());
            assertEquals(0, all.exit(), all.err());
            for (String line : Files.readAllLines(every)) {
                assertEquals("--render", OutputFiles.field(line, "render_reason"), line);
            }
        }
    }

    @Test
    void renderOptionsWithoutRenderAreAUsageError() {
        CrawlCommandTest.Run run = run("crawl", "--render-scroll", "2", "http://127.0.0.1:9/");
        assertEquals(2, run.exit());
        assertTrue(run.err().contains("--render-scroll") && run.err().contains("need --render"), run.err());
        CrawlCommandTest.Run bad = run("crawl", "--render", "--render-tasks", "0", "http://127.0.0.1:9/");
        assertEquals(2, bad.exit());
        assertTrue(bad.err().contains("--render-tasks must be between 1 and 64, got 0"), bad.err());
        CrawlCommandTest.Run both = run("crawl", "--render", "auto", "--render-include", "/a/", "http://127.0.0.1:9/");
        assertEquals(2, both.exit());
        assertTrue(both.err().contains("--render auto decides for every page: give it or --render-include, not both"),
                both.err());
    }

    @Test
    void theRenderOptionsSurviveTheStateFilesSettings() {
        RenderChoice chosen = new RenderChoice(null, "/app/", Duration.ofSeconds(7), 3, 4, true);
        RenderSettings back = RenderSettings.of(kept(chosen));
        assertFalse(back.auto());
        RenderSettings auto = RenderSettings.of(kept(new RenderChoice(RenderChoice.Mode.AUTO, null, null, null,
                null, false)));
        assertTrue(auto.auto() && auto.include() == null, auto.toString());
        assertEquals("/app/", back.include().pattern());
        assertEquals(List.of(Duration.ofSeconds(7), 3, 4, true),
                List.of(back.timeout(), back.scrolls(), back.tasks(), back.resources()));
        assertEquals(null, RenderSettings.of(kept(RenderChoice.NONE)));
    }

    /** The render settings as a state file keeps them and a resume reads them back. */
    private static RenderChoice kept(RenderChoice render) {
        CrawlJob job = CrawlJob.of(CrawlConfig.builder().root("http://example.com/").build());
        job = new CrawlJob(job.config(), job.outputs(), job.scrape(), render, job.state(), job.run());
        ConfigTarget target = new ConfigTarget();
        ConfigCodec.decodeKept(target, ConfigCodec.encodeKept(job));
        return target.job(null).render();
    }
}
