package dev.loomcrawl.serve.mcp;

import dev.loomcrawl.serve.ServeOptions;
import dev.loomcrawl.serve.Service;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * MCP's {@code check_links} answers sized for an agent, on a real site where one broken target is linked from every
 * page: each target is one line naming its first five pages and how many link to it (before, that target alone
 * listed every page and filled the answer), the answer stays within the server's length with a cursor for the rest,
 * and its summary counts what was found, not the caps.
 */
class CheckLinksToolTest {
    @TempDir
    Path dir;

    /** 40 pages, each linking to /gone and to the next page; pages 0 to 9 also to a missing page of their own. */
    private static TestSite site() {
        TestSite.Builder b = TestSite.builder();
        for (int i = 0; i < 40; i++) {
            b.page("/p" + i, "<a href=/gone>g</a><a href=/p" + (i + 1) + ">next</a>"
                    + (i < 10 ? "<a href=/missing-page-number-" + i + "-with-a-long-name>m</a>" : ""));
        }
        return b.page("/", "<a href=/p0>start</a>").page("/p40", "end").start();
    }

    private static Service service(Path dir) {
        ServeOptions d = ServeOptions.defaults(0, dir.resolve("data"));
        return Service.open(new ServeOptions(d.host(), 0, d.data(), d.apiKeys(), true, d.allowOrigins(), d.keep(),
                1000, 2, 4, 4, d.maxBody(), d.maxJobTime()));
    }

    private static Tool.Result call(CheckLinksTool tool, Map<String, Object> args) {
        return tool.call(new ToolCall(args, null, null, new Calls.Running()));
    }

    @Test
    @SuppressWarnings("unchecked")
    void eachTargetIsOneLineTheAnswerIsCappedWithACursorAndTheSummaryCountsWhatWasFound() {
        try (TestSite site = site(); Service service = service(dir)) {
            CheckLinksTool tool = new CheckLinksTool(service, new McpOptions(1000, 500, Duration.ofMinutes(2)));
            Tool.Result first = call(tool, Map.of("url", site.url("/")));
            Map<String, Object> data = (Map<String, Object>) first.structured();
            assertEquals(11, data.get("brokenTargets"), data.toString());
            assertEquals(50L, data.get("brokenLinks"), data.toString()); // 40 to /gone, 10 to the missing pages
            assertEquals(true, data.get("complete"), data.toString());
            long checked = (Long) data.get("urlsChecked");
            assertTrue(checked >= 52, data.toString()); // the 42 pages, the 11 broken targets
            assertTrue(first.text().startsWith("11 broken link targets (50 broken links on 40 pages) among " + checked
                    + " URLs checked.\n"), first.text());
            String gone = first.text().lines().filter(l -> l.startsWith("404 " + site.url("/gone"))).findFirst()
                    .orElseThrow(() -> new AssertionError(first.text()));
            assertTrue(gone.matches("404 \\S+/gone \\(linked from 40 pages: (\\S+, ){5}\\.\\.\\.\\)"), gone);
            List<Map<String, Object>> broken = (List<Map<String, Object>>) data.get("broken");
            assertEquals(5, ((List<?>) broken.getFirst().get("linkedFrom")).size(), broken.toString());
            assertTrue(first.text().length() <= 1000 + 200, first.text().length() + ": " + first.text());
            String cursor = (String) data.get("cursor");
            assertTrue(cursor != null && first.text().contains("call check_links again with cursor"), first.text());

            int seen = broken.size();
            while (cursor != null) {
                Tool.Result next = call(tool, Map.of("url", site.url("/"), "cursor", cursor));
                Map<String, Object> more = (Map<String, Object>) next.structured();
                seen += ((List<?>) more.get("broken")).size();
                cursor = (String) more.get("cursor");
            }
            assertEquals(11, seen, "every target, over the calls");
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void aCheckStoppedByTheCallsCapSaysSoAndCountsOnlyWhatItChecked() {
        try (TestSite site = site(); Service service = service(dir)) {
            CheckLinksTool tool = new CheckLinksTool(service, new McpOptions(20_000, 10, Duration.ofMinutes(2)));
            Tool.Result r = call(tool, Map.of("url", site.url("/")));
            Map<String, Object> data = (Map<String, Object>) r.structured();
            assertEquals(false, data.get("complete"), data.toString());
            assertFalse(r.text().contains("on 10 pages (10 links checked)"), r.text());
            assertTrue(r.text().lines().findFirst().orElseThrow().endsWith("URLs checked; stopped at this call's cap "
                    + "of 10 URLs or 120 s, before the site's end."), r.text());
        }
    }
}
