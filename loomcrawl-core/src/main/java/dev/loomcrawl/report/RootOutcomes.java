package dev.loomcrawl.report;

import crawlercommons.domains.EffectiveTldFinder;
import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.result.CrawlListener;
import dev.loomcrawl.result.Change;
import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.result.FinishedUrl;
import dev.loomcrawl.fetch.ErrorKind;
import dev.loomcrawl.internal.robots.RobotsGate;
import dev.loomcrawl.scope.RootScope;
import dev.loomcrawl.scope.Scope;
import dev.loomcrawl.scope.UrlPattern;
import dev.loomcrawl.url.WebUrl;
import org.eclipse.jetty.http.HttpStatus;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Whether a crawl's roots led anywhere. A listener that keeps only the records at depth 0: the roots, and the
 * URLs they redirected to (which keep depth 0, with the redirecting URL as referrer). A root succeeded when it,
 * or the end of its redirects, answered a 2xx. When none did, {@link #explanations()} says why for each root,
 * following its redirects through the records: "root http://h/ failed: connection refused (is a server
 * listening there?)", "root http://h/ redirected to https://docs.h/, outside --scope host: try --scope domain".
 *
 * <p>Feed it the records of the crawl as they come (add it as a listener), or those of a state file after the
 * crawl: a root may have succeeded in an earlier run. Thread-safe.
 */
public final class RootOutcomes implements CrawlListener {
    private final CrawlConfig config;
    private final Scope scope;
    private final Map<String, CrawlRecord> depthZero = new ConcurrentHashMap<>();

    public RootOutcomes(CrawlConfig config) {
        this.config = config;
        this.scope = new RootScope(config.scope());
    }

    @Override
    public void onFinished(FinishedUrl finished) {
        add(finished.record());
    }

    /** Takes a record into account (one read back from a state file, say). */
    public void add(CrawlRecord record) {
        if (record.depth() == 0) depthZero.put(record.url().toString(), record);
    }

    /**
     * Whether some root, directly or at the end of its redirects, answered 200-299, or, on a re-crawl, 304 to the
     * conditional GET (not modified since its 2xx of an earlier pass).
     */
    public boolean anySucceeded() {
        return depthZero.values().stream().anyMatch(r -> !r.failed()
                && (r.statusAtLeast(200) && !r.statusAtLeast(300) || r.change() == Change.NOT_MODIFIED));
    }

    /** One line per root saying why it led nowhere, in the roots' order; none when some root succeeded. */
    public List<String> explanations() {
        if (anySucceeded()) return List.of();
        List<String> lines = new ArrayList<>();
        for (WebUrl root : new LinkedHashSet<>(config.scope().roots())) lines.add(explain(root));
        return lines;
    }

    /** Follows the root's redirects through the records to where it ended, and says why that was no success. */
    private String explain(WebUrl root) {
        StringBuilder line = new StringBuilder("root ").append(root);
        List<String> chain = new ArrayList<>(List.of(root.toString()));
        while (true) {
            CrawlRecord r = depthZero.get(chain.getLast());
            if (r == null) {
                return line.append(chain.size() == 1 ? " was not fetched: the crawl ended first (a limit, or an "
                        + "interruption)" : ", which was not fetched from there (the crawl had reached it by a link "
                        + "already, or ended first)").toString();
            }
            boolean limit = r.errorKind() == ErrorKind.REDIRECT_LIMIT; // a target recorded, not fetched
            if (limit) return line.append(tooManyRedirects()).toString();
            if (chain.size() > 1) line.append(", which");
            boolean loop = r.errorKind() == ErrorKind.REDIRECT_LOOP;
            if (!r.isRedirect() && !loop) return line.append(' ').append(ending(r)).toString();
            line.append(" redirected").append(r.isRedirect() ? " to " + r.nextUrl() : "");
            WebUrl target = r.isRedirect() ? WebUrl.tryParse(r.nextUrl(), null) : null;
            if (loop || target != null && chain.contains(target.toString())) {
                return line.append(": redirect loop: ").append(String.join(" -> ", chain))
                        .append(r.isRedirect() ? " -> " + r.nextUrl() : "").toString();
            }
            if (chain.size() > config.http().maxRedirects() && !depthZero.containsKey(String.valueOf(target))) {
                return line.append(tooManyRedirects()).toString();
            }
            if (target == null) return line.append(", which is not an http(s) URL").toString();
            if (!scope.allows(target)) return line.append(", ").append(outOfScope(target)).toString();
            chain.add(target.toString());
        }
    }

    private String tooManyRedirects() {
        return ", not followed: more than --max-redirect " + config.http().maxRedirects() + " redirects";
    }

    /** Why a URL that did not redirect was no success: its failure, its skip, or its status. */
    private String ending(CrawlRecord r) {
        if (r.skipped()) return "was not fetched: " + skipped(r);
        if (r.failed()) return "failed: " + failure(r);
        String reason = HttpStatus.getMessage(r.status());
        return "answered " + r.status() + (reason == null || reason.equals(Integer.toString(r.status())) ? ""
                : " " + reason);
    }

    private String skipped(CrawlRecord r) {
        String origin = r.url().origin().toString();
        return switch (r.skipReason()) {
            case ROBOTS -> r.error() != null ? r.error()
                    : "robots.txt of " + origin + " disallows it for user-agent "
                    + RobotsGate.agentToken(config.http().userAgent());
            case ROBOTS_UNAVAILABLE -> (r.error() != null ? r.error()
                    : "robots.txt of " + origin + " answered a server error or 429 each time")
                    + ": the site asks crawlers to wait; try later";
        };
    }

    /**
     * A failure's explanation. Where the connection itself failed (refused, DNS...), the fetcher's words say it
     * all, even when it was robots.txt's fetch that met it (the record's {@link CrawlRecord#robotsCause}); anything
     * else on robots.txt is named as a robots.txt problem.
     */
    private static String failure(CrawlRecord r) {
        String error = r.error() == null ? "" : r.error();
        String robotsCause = r.robotsCause(); // null: not met on robots.txt
        String detail = robotsCause != null ? robotsCause : error;
        return switch (r.errorKind()) {
            case REFUSED -> "connection refused (is a server listening there?)";
            case DNS -> detail + ": check the spelling";
            case UNREACHABLE, BLOCKED -> detail; // the guard's refusal says what to pass
            case TLS -> detail + ": -k/--insecure accepts any certificate";
            default -> robotsCause != null ? error + "; try later" : r.errorKind().label() + ": " + error;
        };
    }

    /** Why an out-of-scope redirect target was left, and what would take it in. */
    private String outOfScope(WebUrl target) {
        String s = target.toString();
        for (UrlPattern p : config.scope().excludes()) {
            if (p.foundIn(s)) return "excluded by --exclude '" + p.pattern() + "'";
        }
        List<UrlPattern> includes = config.scope().includes();
        if (!includes.isEmpty() && includes.stream().noneMatch(p -> p.foundIn(s))) {
            return "which no --include matches";
        }
        String kind = config.scope().kind().name().toLowerCase(java.util.Locale.ROOT);
        boolean sameHost = config.scope().roots().stream().anyMatch(r -> r.host().equals(target.host()));
        if (sameHost) return "outside --scope " + kind + " (the roots' directories): try --scope host";
        boolean sameDomain = !target.hasIpHost() && config.scope().roots().stream()
                .anyMatch(r -> !r.hasIpHost() && domain(r.host()).equals(domain(target.host())));
        if (sameDomain && !kind.equals("domain")) return "outside --scope " + kind + ": try --scope domain";
        return "outside --scope " + kind + ": the crawl stays on the roots' "
                + (kind.equals("domain") ? "registrable domains" : "hosts") + " (give " + s
                + " as a root to crawl it)";
    }

    private static String domain(String host) {
        String domain = EffectiveTldFinder.getAssignedDomain(host, true, false);
        return domain == null ? host : domain;
    }
}
