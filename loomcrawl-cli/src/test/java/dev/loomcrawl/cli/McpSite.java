package dev.loomcrawl.cli;

import dev.loomcrawl.testkit.TestSite;

import java.util.ArrayList;
import java.util.List;

/**
 * The small site the MCP tests use: a home page, docs and a blog post with their facts, a long page (cut by the
 * tools), two planted broken links (/missing-page from two pages, /gone from one), and apart from them an app
 * page whose text and only link are written by its script (/app, linking to /app/hidden once rendered).
 */
final class McpSite {
    private McpSite() {}

    static TestSite start() {
        StringBuilder longPage = new StringBuilder();
        for (int i = 0; i < 600; i++) longPage.append("<p>Long text, paragraph ").append(i).append(" of 600.</p>\n");
        return TestSite.builder()
                .page("/", page("Home", "<a href=\"/docs/install\">Install</a> <a href=\"/docs/api\">API</a> "
                        + "<a href=\"/blog/hello\">Blog</a> <a href=\"/long\">Long</a> "
                        + "<a href=\"/missing-page\">Missing</a>"))
                .page("/docs/install", "<html lang=\"en\"><head><title>Installing</title>"
                        + "<meta name=\"description\" content=\"How to install the widget.\">"
                        + "<meta name=\"author\" content=\"Ada Lovelace\"></head><body><main><h1>Installing</h1>"
                        + "<p>Run the installer, then restart the widget service.</p>"
                        + "<p>See the <a href=\"/docs/api\">API reference</a> or <a href=\"/gone\">the old page</a>."
                        + "</p></main></body></html>")
                .page("/docs/api", page("API reference", "<p>The widget API has three calls.</p>"
                        + "<a href=\"/\">Home</a>"))
                .page("/blog/hello", "<html lang=\"en\"><head><title>Hello</title></head><body><nav><a href=\"/docs/api\">"
                        + "Site menu</a></nav><main><h1>Hello</h1><p>Our first post.</p><a href=\"/missing-page\">"
                        + "missing</a></main></body></html>")
                .page("/long", page("Long", longPage.toString()))
                // linked from no page above: an app whose text and only link a script writes (rendering)
                .page("/app", "<html lang=\"en\"><head><title>App</title></head><body><div id=\"root\"></div>"
                        + "<script>document.getElementById('root').innerHTML = '<h1>Dashboard</h1><p>Written by a "
                        + "script.</p><a href=\"/app/hidden\">Reports</a>';</script></body></html>")
                .page("/app/hidden", page("Reports", "<p>Only a script links here.</p>"))
                .start();
    }

    /** The pages that answer 200. */
    static List<String> pages(TestSite site) {
        List<String> urls = new ArrayList<>();
        for (String p : List.of("/", "/docs/install", "/docs/api", "/blog/hello", "/long")) urls.add(site.url(p));
        return urls;
    }

    private static String page(String title, String body) {
        return "<html lang=\"en\"><head><title>" + title + "</title></head><body><main><h1>" + title + "</h1>" + body
                + "</main></body></html>";
    }
}
