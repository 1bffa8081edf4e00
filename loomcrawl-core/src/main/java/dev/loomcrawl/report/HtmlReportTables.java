package dev.loomcrawl.report;

import org.jsoup.nodes.Element;

/** The HTML report's tables: one line per host, and every broken link with the pages that link to it. */
final class HtmlReportTables {
    private HtmlReportTables() {}

    /** The hosts table; a column of 304s (not modified) after 2xx once a re-crawl got some. */
    static void hosts(Element section, ReportData d) {
        boolean notModified = d.hosts().stream().anyMatch(h -> h.notModified() > 0);
        Element table = section.appendElement("table");
        Element head = table.appendElement("thead").appendElement("tr");
        head.appendElement("th").text("Host");
        for (String h : new String[] {"URLs", "2xx", "not modified", "3xx", "4xx", "5xx", "failed", "downloaded",
                "mean time", "max time"}) {
            if (notModified || !h.equals("not modified")) head.appendElement("th").addClass("num").text(h);
        }
        Element rows = table.appendElement("tbody");
        for (ReportData.HostRow h : d.hosts()) {
            Element tr = rows.appendElement("tr");
            tr.appendElement("td").addClass("url").text(h.host());
            num(tr, HtmlReportPage.count(h.pages()), null);
            num(tr, HtmlReportPage.count(h.ok()), null);
            if (notModified) num(tr, HtmlReportPage.count(h.notModified()), null);
            num(tr, HtmlReportPage.count(h.redirects()), null);
            num(tr, HtmlReportPage.count(h.clientErrors()), h.clientErrors() > 0 ? "warn" : null);
            num(tr, HtmlReportPage.count(h.serverErrors()), h.serverErrors() > 0 ? "bad" : null);
            num(tr, HtmlReportPage.count(h.failed()), h.failed() > 0 ? "bad" : null);
            num(tr, HtmlReportPage.bytes(h.bytes()), null);
            num(tr, HtmlReportPage.millis(h.meanMs()), null);
            num(tr, HtmlReportPage.millis(h.maxMs()), null);
        }
        if (d.hostCount() > d.hosts().size()) {
            section.appendElement("p").addClass("note").text("The " + HtmlReportPage.count(d.hosts().size())
                    + " busiest of " + HtmlReportPage.count(d.hostCount()) + " hosts are shown.");
        }
    }

    static void broken(Element section, ReportData d) {
        if (d.broken().isEmpty()) {
            section.appendElement("p").addClass("none").text("No broken links: no URL answered 4xx or 5xx or failed.");
            return;
        }
        String shown = d.brokenTotal() > d.broken().size()
                ? " The " + HtmlReportPage.count(d.broken().size()) + " found first are listed." : "";
        String partial = d.referrersPartial() ? " Pages linking to a URL were tracked for at most "
                + HtmlReportPage.count(HtmlReport.TRACKED) + " URLs waiting for their answer at once; past that, the "
                + "page that led the crawl to it is listed." : "";
        section.appendElement("p").addClass("note").text(HtmlReportPage.urls(d.brokenTotal())
                + " answered 4xx or 5xx or could not be fetched." + shown + " For each, the first "
                + d.referrerCap() + " pages found linking to it are listed." + partial);
        Element table = section.appendElement("table").addClass("broken");
        Element head = table.appendElement("thead").appendElement("tr");
        head.appendElement("th").text("Broken URL");
        head.appendElement("th").text("Status");
        head.appendElement("th").text("Linked from");
        Element rows = table.appendElement("tbody");
        for (ReportData.Broken b : d.broken()) {
            Element tr = rows.appendElement("tr");
            tr.appendElement("td").addClass("url").appendElement("a").attr("href", b.url()).text(b.url());
            tr.appendElement("td").appendElement("span").addClass("badge").addClass(badge(b.status())).text(b.status());
            Element from = tr.appendElement("td").addClass("url");
            if (b.referrers().isEmpty()) from.appendElement("span").addClass("muted").text("a start URL");
            Element list = b.referrers().isEmpty() ? null : from.appendElement("ul");
            for (String r : b.referrers()) list.appendElement("li").appendElement("a").attr("href", r).text(r);
            long more = b.referrerCount() - b.referrers().size();
            if (more > 0) {
                from.appendElement("div").addClass("muted").text("and " + HtmlReportPage.count(more) + " more");
            }
        }
    }

    private static String badge(String status) {
        if (status.startsWith("4")) return "s4";
        if (status.startsWith("5")) return "s5";
        return "sf";
    }

    private static void num(Element tr, String text, String cls) {
        Element td = tr.appendElement("td").addClass("num").text(text);
        if (cls != null) td.addClass(cls);
    }
}
