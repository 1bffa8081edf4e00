package dev.loomcrawl.report;

import dev.loomcrawl.result.Change;
import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.url.WebUrl;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Running totals for the HTML report's charts and hosts table: constant memory per host, content type and
 * depth, nothing per URL. Not thread-safe: {@link HtmlReport} guards it.
 */
final class CrawlStats {
    static final String OK = "#3f9b5f", NOT_MODIFIED = "#93cfa6", REDIRECT = "#3b6fd8", CLIENT = "#e3912d",
            SERVER = "#d64545", FAILED = "#8e44ad", SKIPPED = "#9aa5b1";
    private static final long[] BUCKET_MS = {10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000};
    private static final String[] BUCKET_LABELS = {"<10ms", "10ms", "25ms", "50ms", "100ms", "250ms", "500ms",
            "1s", "2.5s", "5s", "10s+"};
    private static final int SHOWN_TYPES = 8, SHOWN_DEPTHS = 24, SHOWN_HOSTS = 500, SHOWN_ROOTS = 5;

    private static final class HostTotals {
        long pages, ok, notModified, redirects, clientErrors, serverErrors, failed, bytes, nanos, maxNanos;
    }

    private final long[] statuses = new long[7];
    private final long[] times = new long[BUCKET_LABELS.length];
    private final TreeMap<Integer, Long> depths = new TreeMap<>();
    private final Map<String, long[]> types = new HashMap<>(); // count, bytes
    private final Map<String, HostTotals> hosts = new HashMap<>();
    private final List<String> roots = new ArrayList<>();
    private final long[] changes = new long[Change.values().length + 1]; // by Change ordinal, then first captures
    private boolean recrawled;
    private long pages, bytes, errors, items;
    private Instant first, last;

    /** Items a scraping crawl took from a page. */
    void items(int n) {
        items += n;
    }

    void add(CrawlRecord r) {
        pages++;
        changes[r.change() == null ? Change.values().length : r.change().ordinal()]++;
        if (r.change() != null) recrawled = true;
        int cls = statusClass(r);
        statuses[cls]++;
        if (cls >= 2 && cls <= 4) errors++;
        if (r.depth() == 0 && r.referrer() == null && roots.size() < SHOWN_ROOTS) roots.add(r.url().toString());
        if (r.skipped()) return;
        bytes += r.size();
        long nanos = r.duration().toNanos();
        times[bucket(nanos / 1_000_000)]++;
        depths.merge(r.depth(), 1L, Long::sum);
        if (!r.failed()) {
            long[] t = types.computeIfAbsent(r.contentType().isEmpty() ? "(none)" : r.contentType(), k -> new long[2]);
            t[0]++;
            t[1] += r.size();
        }
        HostTotals h = hosts.computeIfAbsent(host(r.url()), k -> new HostTotals());
        h.pages++;
        h.bytes += r.size();
        h.nanos += nanos;
        h.maxNanos = Math.max(h.maxNanos, nanos);
        switch (cls) {
            case 0 -> h.ok++;
            case 1 -> h.redirects++;
            case 2 -> h.clientErrors++;
            case 3 -> h.serverErrors++;
            case 4 -> h.failed++;
            case 6 -> h.notModified++;
            default -> { }
        }
        Instant end = r.startedAt().plus(r.duration());
        if (first == null || r.startedAt().isBefore(first)) first = r.startedAt();
        if (last == null || end.isAfter(last)) last = end;
    }

    /**
     * 0 2xx (and 1xx), 1 3xx, 2 4xx, 3 5xx, 4 failed, 5 skipped, 6 not modified: a 304 to a re-crawl's conditional
     * GET says the capture of an earlier pass stands, neither a redirect nor an error.
     */
    private static int statusClass(CrawlRecord r) {
        if (r.skipped()) return 5;
        if (r.failed()) return 4;
        if (r.status() == 304) return 6;
        if (r.status() >= 500) return 3;
        if (r.status() >= 400) return 2;
        if (r.status() >= 300) return 1;
        return 0;
    }

    private static int bucket(long ms) {
        for (int i = 0; i < BUCKET_MS.length; i++) if (ms < BUCKET_MS[i]) return i;
        return BUCKET_MS.length;
    }

    /** The host and, when not the scheme's default, the port: test and staging sites differ by port. */
    static String host(WebUrl url) {
        boolean standard = url.port() == (url.scheme().equals("https") ? 443 : 80);
        return standard ? url.host() : url.host() + ":" + url.port();
    }

    ReportData snapshot(Duration elapsed, boolean interrupted, long todo, BrokenLinks.Listing broken, int cap) {
        if (elapsed == null) elapsed = first == null ? Duration.ZERO : Duration.between(first, last);
        return new ReportData(List.copyOf(roots), Instant.now(), pages, bytes, errors, elapsed, interrupted, todo,
                statusBars(), timeBars(), depthBars(), typeBars(0), typeBars(1), hostRows(), hosts.size(),
                broken.shown(), broken.total(), broken.referrersPartial(), cap, changeBars(), items);
    }

    /**
     * How the URLs compare with their capture in an earlier pass ({@link CrawlRecord#change()}), once the crawl was
     * crawled again: none before.
     */
    private List<ReportData.Bar> changeBars() {
        if (!recrawled) return List.of();
        String[] colors = {OK, OK, REDIRECT, OK, CLIENT}; // by Change ordinal: a template change is not a change of what it says
        List<ReportData.Bar> bars = new ArrayList<>();
        for (Change c : Change.values()) bars.add(new ReportData.Bar(c.label(), changes[c.ordinal()], colors[c.ordinal()]));
        bars.add(new ReportData.Bar("first capture", changes[Change.values().length], null));
        return bars;
    }

    /** The status classes, not modified next to 2xx; 2xx to 5xx always, the others when some URL is in them. */
    private List<ReportData.Bar> statusBars() {
        int[] order = {0, 6, 1, 2, 3, 4, 5};
        String[] labels = {"2xx", "3xx", "4xx", "5xx", "failed", "skipped", "not modified"};
        String[] colors = {OK, REDIRECT, CLIENT, SERVER, FAILED, SKIPPED, NOT_MODIFIED};
        List<ReportData.Bar> bars = new ArrayList<>();
        for (int i : order) {
            if (statuses[i] > 0 || i < 4) bars.add(new ReportData.Bar(labels[i], statuses[i], colors[i]));
        }
        return bars;
    }

    private List<ReportData.Bar> timeBars() {
        List<ReportData.Bar> bars = new ArrayList<>();
        for (int i = 0; i < times.length; i++) bars.add(new ReportData.Bar(BUCKET_LABELS[i], times[i], null));
        return bars;
    }

    private List<ReportData.Bar> depthBars() {
        List<ReportData.Bar> bars = new ArrayList<>();
        long deeper = 0;
        for (Map.Entry<Integer, Long> e : depths.entrySet()) {
            if (e.getKey() < SHOWN_DEPTHS) {
                bars.add(new ReportData.Bar(Integer.toString(e.getKey()), e.getValue(), null));
            } else {
                deeper += e.getValue();
            }
        }
        if (deeper > 0) bars.add(new ReportData.Bar(SHOWN_DEPTHS + "+", deeper, null));
        return bars;
    }

    /** Content types by count ({@code index} 0) or bytes (1): the largest few, then "other". */
    private List<ReportData.Bar> typeBars(int index) {
        List<Map.Entry<String, long[]>> sorted = new ArrayList<>(types.entrySet());
        sorted.sort(Comparator.comparingLong((Map.Entry<String, long[]> e) -> -e.getValue()[index])
                .thenComparing(Map.Entry::getKey));
        List<ReportData.Bar> bars = new ArrayList<>();
        long other = 0;
        for (int i = 0; i < sorted.size(); i++) {
            long v = sorted.get(i).getValue()[index];
            if (i < SHOWN_TYPES) bars.add(new ReportData.Bar(sorted.get(i).getKey(), v, null));
            else other += v;
        }
        if (other > 0) bars.add(new ReportData.Bar("other", other, SKIPPED));
        return bars;
    }

    private List<ReportData.HostRow> hostRows() {
        List<ReportData.HostRow> rows = new ArrayList<>();
        hosts.forEach((name, h) -> rows.add(new ReportData.HostRow(name, h.pages, h.ok, h.notModified, h.redirects,
                h.clientErrors, h.serverErrors, h.failed, h.bytes, h.nanos / 1e6 / h.pages, h.maxNanos / 1e6)));
        rows.sort(Comparator.comparingLong((ReportData.HostRow r) -> -r.pages())
                .thenComparing(ReportData.HostRow::host));
        return rows.size() > SHOWN_HOSTS ? List.copyOf(rows.subList(0, SHOWN_HOSTS)) : rows;
    }
}
