package dev.loomcrawl.scope;

import dev.loomcrawl.setting.BadSetting;
import dev.loomcrawl.url.WebUrl;

import java.util.ArrayList;
import java.util.List;

/**
 * Where a crawl starts and which URLs it may reach: the scope group of a {@code CrawlConfig}. Made with
 * {@link #builder()} (or {@code CrawlConfig.Builder}'s setters of the same names), which holds the defaults; a
 * {@link RootScope} is made of it.
 *
 * @param roots    the URLs the crawl starts from, at least one
 * @param kind     how far from its roots the crawl goes: their hosts, their registrable domains, or their hosts under
 *                 the roots' directories
 * @param lenient  hosts need only share a root's last two labels (else they must equal a root's, but for a leading
 *                 {@code www.})
 * @param includes when not empty, a URL must contain a match of one of these
 * @param excludes URLs in which one of these is found anywhere are dropped
 * @param sitemaps the crawl is also seeded from the roots' sitemaps (robots.txt {@code Sitemap:} lines and
 *                 {@code /sitemap.xml})
 * @param focus    a question the crawl is focused on: each origin's URLs are taken best first, by their links'
 *                 estimated relevance to it (null: breadth-first)
 * @param focusPatience a focused crawl stops once this many pages in a row added no passage more relevant than the
 *                 best found (-1: it never stops early)
 * @param focusModel a focused crawl judges pages and link texts by meaning too, with the embedding model of module
 *                 {@code loomcrawl-embed} when it is installed (false: by the question's words only)
 */
public record ScopeSettings(List<WebUrl> roots, ScopeKind kind, boolean lenient, List<UrlPattern> includes,
                            List<UrlPattern> excludes, boolean sitemaps, String focus, int focusPatience,
                            boolean focusModel) {
    /** Scope settings without a focus. */
    public ScopeSettings(List<WebUrl> roots, ScopeKind kind, boolean lenient, List<UrlPattern> includes,
                         List<UrlPattern> excludes, boolean sitemaps) {
        this(roots, kind, lenient, includes, excludes, sitemaps, null, DEFAULT_PATIENCE, true);
    }

    /** Pages in a row without a better passage after which a focused crawl stops, by default. */
    public static final int DEFAULT_PATIENCE = 100;

    public ScopeSettings {
        if (focus != null && focus.isBlank()) focus = null;
        if (focus != null && focus.length() > 1000) throw new BadSetting("focus", "must be at most 1000 characters");
        if (focusPatience < -1 || focusPatience == 0) {
            throw new BadSetting("focusPatience", "must be -1 (never stop early) or at least 1, got " + focusPatience);
        }
        roots = List.copyOf(roots);
        includes = List.copyOf(includes);
        excludes = List.copyOf(excludes);
        if (roots.isEmpty()) throw new IllegalArgumentException("at least one root URL is required");
        if (kind == null) throw new BadSetting("scope", "must be host, domain or prefix");
    }

    /** A builder with the defaults: no root yet, the roots' hosts, strict host matching, no pattern, no sitemaps. */
    public static Builder builder() {
        return new Builder();
    }

    /** Collects scope settings; every setter returns this. */
    public static final class Builder {
        private final List<WebUrl> roots = new ArrayList<>();
        private ScopeKind kind = ScopeKind.HOST;
        private boolean lenient;
        private final List<UrlPattern> includes = new ArrayList<>();
        private final List<UrlPattern> excludes = new ArrayList<>();
        private boolean sitemaps;
        private String focus;
        private int focusPatience = DEFAULT_PATIENCE;
        private boolean focusModel = true;

        private Builder() {}

        /** Focuses the crawl on a question: each origin's URLs taken best first (null: breadth-first). */
        public Builder focus(String question) { focus = question; return this; }

        /** Pages in a row without a better passage after which a focused crawl stops (-1: never). */
        public Builder focusPatience(int n) { focusPatience = n; return this; }

        /** Whether a focused crawl judges by meaning too, with the embedding model when it is installed. */
        public Builder focusModel(boolean on) { focusModel = on; return this; }

        /** Adds a root, already read as an http(s) URL ({@code CrawlConfig.Builder.root} reads one as written). */
        public Builder root(WebUrl root) { roots.add(root); return this; }
        public Builder kind(ScopeKind k) { kind = k; return this; }
        public Builder lenient(boolean on) { lenient = on; return this; }

        /** When given, a URL must contain a match of one of these. Repeatable. */
        public Builder include(String regex) { includes.add(compile(regex, "include")); return this; }

        /** URLs in which this regular expression is found anywhere are dropped. Repeatable. */
        public Builder exclude(String regex) { excludes.add(compile(regex, "exclude")); return this; }

        /** Seeds the crawl from the roots' sitemaps (robots.txt Sitemap: lines and /sitemap.xml). */
        public Builder sitemaps(boolean on) { sitemaps = on; return this; }

        /** The settings; a bad value throws {@link BadSetting} naming it. */
        public ScopeSettings build() {
            return new ScopeSettings(roots, kind, lenient, includes, excludes, sitemaps, focus, focusPatience, focusModel);
        }

        /** The pattern; a bad one is a {@link BadSetting} naming the builder method it was given to. */
        private static UrlPattern compile(String regex, String method) {
            try {
                return UrlPattern.compile(regex);
            } catch (IllegalArgumentException e) {
                throw new BadSetting(method, e.getMessage());
            }
        }
    }
}
