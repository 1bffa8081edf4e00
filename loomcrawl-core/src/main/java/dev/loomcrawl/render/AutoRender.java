package dev.loomcrawl.render;

import dev.loomcrawl.url.WebUrl;

import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code --render auto}: whether a page the crawl fetched over HTTP is to be rendered, from what its HTML says
 * ({@link RenderSignals}) and from what rendering pages like it did before. Pages are alike when they share an origin
 * and a URL pattern ({@link #pattern}); once {@link #DECIDED} pages of a pattern were rendered and rendering changed
 * none of them (no new link, not much more text), the pattern's pages are no longer rendered, and once it changed
 * every one of them, its pages are rendered whatever their HTML says. One per crawl; safe for concurrent use.
 */
public final class AutoRender {
    /** Renders of a pattern after which its outcome decides for its pages. */
    public static final int DECIDED = 3;
    /** Patterns remembered: one crawl of a site has a few dozen; beyond this, new ones are decided by signals. */
    private static final int MAX_PATTERNS = 10_000;

    /** The decision for one page, and the reason its record gives. */
    public record Verdict(boolean render, String reason) {}

    public static final String APP_ROOT = "an app root with little text, and scripts";
    public static final String NOSCRIPT = "noscript asks for JavaScript";
    public static final String SHELL = "scripts, little text and few links";
    public static final String LEARNED_NEEDS = "pages like it changed when rendered";
    public static final String LEARNED_SAME = "pages like it did not change when rendered";
    public static final String IN_HTML = "the HTML has its content";

    /** Renders of a pattern so far, and how many changed the page. Guarded by itself. */
    private static final class Outcomes {
        int renders;
        int changed;
    }

    private final ConcurrentHashMap<String, Outcomes> patterns = new ConcurrentHashMap<>();

    /** Whether to render {@code url}, whose HTML gave {@code signals}. */
    public Verdict decide(WebUrl url, RenderSignals signals) {
        Outcomes o = patterns.get(pattern(url));
        if (o != null) {
            synchronized (o) {
                if (o.renders >= DECIDED && o.changed == 0) return new Verdict(false, LEARNED_SAME);
                if (o.renders >= DECIDED && o.changed == o.renders) return new Verdict(true, LEARNED_NEEDS);
            }
        }
        return bySignals(signals);
    }

    /** The decision the HTML alone makes. */
    public static Verdict bySignals(RenderSignals s) {
        // an empty app root renders whatever else the page has (a server-rendered header above it, say), when a
        // script is there to mount the app
        if (s.appRoot() && s.scripts() > 0) return new Verdict(true, APP_ROOT);
        // few links too: a search page's noscript asks for JavaScript, but its HTML has the site's navigation
        if (s.noscriptAsks() && s.text() < 2 * RenderSignals.LITTLE_TEXT && s.links() < 10) {
            return new Verdict(true, NOSCRIPT);
        }
        if (s.scripts() > 0 && s.text() < RenderSignals.LITTLE_TEXT && s.links() < 3) return new Verdict(true, SHELL);
        return new Verdict(false, IN_HTML);
    }

    /**
     * Records what rendering {@code url} did: the signals of the HTML the server sent and of the browser's DOM, and
     * how many links the DOM has that the HTML had not.
     */
    public void rendered(WebUrl url, RenderSignals before, RenderSignals after, int newLinks) {
        boolean changed = changed(before, after, newLinks);
        String key = pattern(url);
        Outcomes o = patterns.get(key);
        if (o == null) {
            if (patterns.size() >= MAX_PATTERNS) return;
            o = patterns.computeIfAbsent(key, k -> new Outcomes());
        }
        synchronized (o) {
            o.renders++;
            if (changed) o.changed++;
        }
    }

    /** Whether rendering changed a page: a link its HTML did not have, or twice its text and more. */
    static boolean changed(RenderSignals before, RenderSignals after, int newLinks) {
        return newLinks > 0 || after.text() >= 2 * before.text() + RenderSignals.LITTLE_TEXT;
    }

    /**
     * The pattern of a URL: its origin and path, with each segment that holds a digit written {@code {n}} and the
     * last segment (a page of a directory) written {@code *}, keeping its extension ({@code *.html}); the query
     * left out. So {@code /news/2024/story-1.html} and {@code /news/2023/other.html} are alike, and {@code /docs/a/}
     * and {@code /docs/b/} are not.
     */
    static String pattern(WebUrl url) {
        String path = url.path();
        StringBuilder p = new StringBuilder(url.origin().toString()).append('/');
        int last = path.lastIndexOf('/');
        int from = path.startsWith("/") ? 1 : 0;
        while (from <= last) {
            int slash = path.indexOf('/', from);
            String segment = path.substring(from, slash);
            p.append(segment.chars().anyMatch(Character::isDigit) ? "{n}" : segment).append('/');
            from = slash + 1;
        }
        String page = path.substring(last + 1);
        if (!page.isEmpty()) {
            int dot = page.lastIndexOf('.');
            p.append('*').append(dot > 0 ? page.substring(dot) : "");
        }
        return p.toString();
    }
}
