package dev.loomcrawl.serve.mcp;

import dev.loomcrawl.report.LinkCheck;
import dev.loomcrawl.serve.Service;
import io.modelcontextprotocol.spec.McpSchema;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code check_links}: the broken links of a site, as {@code loomcrawl check} finds them (its pages crawled, links
 * to other sites checked without being crawled) and groups them: by target, with what went wrong and the pages
 * linking to it (the first five, and how many). Capped in pages and time per call, and in length (a cursor goes
 * on); progress is sent as pages are done, and a cancellation stops
 * the check with what it found so far.
 */
final class CheckLinksTool implements Tool {
    /** Pages named per broken target: the rest are counted ({@code pages}), so one target cannot fill an answer. */
    static final int PAGES_SHOWN = 5;

    private final Service service;
    private final McpOptions options;

    CheckLinksTool(Service service, McpOptions options) {
        this.service = service;
        this.options = options;
    }

    @Override
    public McpSchema.Tool definition() {
        long cap = Math.min(options.callPages(), service.options().maxPages());
        return McpSchema.Tool.builder().name("check_links").title("Find a site's broken links")
                .description("Crawl a web site and check every link on its pages, those to other sites included "
                        + "(checked, not crawled), and list the broken ones grouped by target: the status or error "
                        + "(404, dns, refused...), and the pages that link to it. At most " + cap + " pages and "
                        + options.callTime().toSeconds() + " seconds per call; a result cut by those caps says so.")
                .inputSchema(new Schemas()
                        .property("url", "string", "The site's http or https URL, where the check starts.")
                        .setting("limit", "max-pages", "At most " + cap + " here (default " + cap + ").")
                        .property("cursor", "string", "Where to go on, from a cut result's note (the check runs "
                                + "again).")
                        .required("url").build())
                .annotations(new McpSchema.ToolAnnotations("Find a site's broken links", true, false, true, true,
                        null))
                .build();
    }

    /**
     * What was found, counted as it is: broken targets, the links to them and the pages holding those, among the
     * URLs checked (pages crawled and links to other sites); then why the check ended early, if it did.
     */
    static String summary(int targets, long links, int pages, long checked, String endedEarly) {
        String found = targets == 0 ? "No broken links" : targets + " broken link target" + (targets == 1 ? "" : "s")
                + " (" + links + " broken link" + (links == 1 ? "" : "s") + " on " + pages + " page"
                + (pages == 1 ? "" : "s") + ")";
        return found + " among " + checked + " URL" + (checked == 1 ? "" : "s") + " checked"
                + (endedEarly == null ? "" : "; " + endedEarly) + ".\n";
    }

    @Override
    public Result call(ToolCall call) {
        String url = call.string("url");
        long cap = Math.min(options.callPages(), service.options().maxPages());
        long limit = call.integer("limit", 1, cap, cap);
        int from = Cut.cursor(call.string("cursor", null));
        Service.LinkReport report = service.checkLinks(url, limit, options.callTime(),
                pages -> call.progress(pages, (double) limit, pages + " pages checked"), call::onCancel);
        List<LinkCheck.Broken> broken = report.broken();
        long links = 0;
        java.util.Set<String> pagesWithBroken = new java.util.HashSet<>();
        for (LinkCheck.Broken b : broken) {
            links += b.pages();
            pagesWithBroken.addAll(b.linkedFrom());
        }
        boolean complete = !report.cut() && !call.cancelled();
        StringBuilder text = new StringBuilder(summary(broken.size(), links, pagesWithBroken.size(), report.checked(),
                call.cancelled() ? "cancelled before the end" : report.cut() ? "stopped at this call's cap of "
                + limit + " URLs or " + options.callTime().toSeconds() + " s, before the site's end" : null));
        List<Map<String, Object>> shown = new ArrayList<>();
        int i = Math.min(from, broken.size());
        for (; i < broken.size(); i++) {
            LinkCheck.Broken b = broken.get(i);
            List<String> first = b.linkedFrom().subList(0, Math.min(PAGES_SHOWN, b.linkedFrom().size()));
            String line = b.status() + " " + b.target() + " (linked from " + b.pages() + " page"
                    + (b.pages() == 1 ? "" : "s") + ": " + String.join(", ", first)
                    + (b.pages() > first.size() ? ", ..." : "") + ")\n";
            if (!shown.isEmpty() && text.length() + line.length() > options.maxChars()) break;
            text.append(line);
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("target", b.target());
            m.put("status", b.status());
            m.put("pages", b.pages());
            m.put("linkedFrom", first);
            shown.add(m);
        }
        Map<String, Object> structured = new LinkedHashMap<>();
        structured.put("urlsChecked", report.checked());
        structured.put("brokenTargets", broken.size());
        structured.put("brokenLinks", links);
        structured.put("complete", complete);
        structured.put("broken", shown);
        structured.put("total", broken.size());
        if (i < broken.size()) {
            text.append(Cut.note("broken targets", i, broken.size(), "check_links", Integer.toString(i)));
            structured.put("cursor", Integer.toString(i));
        }
        return new Result(text.toString(), structured);
    }
}
