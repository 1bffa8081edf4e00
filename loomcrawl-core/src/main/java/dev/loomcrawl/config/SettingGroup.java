package dev.loomcrawl.config;

import java.util.Locale;

/** The groups of a crawl's settings, as the JSON Schema and docs/settings list them. */
public enum SettingGroup {
    /** Where the crawl starts and which URLs it may reach. */
    SCOPE("where the crawl starts and which URLs it may reach"),
    /** How each request is made: timeouts, bodies, HTTP/2, TLS, name pins. */
    HTTP("how each request is made: timeouts, bodies, HTTP/2, TLS, name pins"),
    /** Manners and safety: robots.txt, pacing per origin, sitemaps, private addresses, headers. */
    POLITENESS("robots.txt, pacing per site, sitemaps, private addresses, headers"),
    /** Budgets and the guards against crawler traps. */
    LIMITS("budgets and the guards against crawler traps"),
    /** Logins, cookies, credentials and proxies. */
    SESSION("logins, cookies, credentials and proxies"),
    /** What the link checker checks beside the crawl. */
    LINK_CHECK("what the link checker checks beside the crawl"),
    /**
     * What the crawl writes: records, links, items, WARC, content, chunks, the HTML report ({@link OutputSettings}).
     */
    OUTPUTS("records, links, items, WARC, content, chunks, the HTML report"),
    /** What is scraped with selectors, and which links are followed ({@link ScrapeSettings}). */
    SCRAPE("what is scraped with selectors, and which links are followed"),
    /** Which pages are rendered in a browser, and how ({@link RenderChoice}). */
    RENDER("which pages are rendered in a browser, and how"),
    /** Where the crawl's state lives: memory, a state file, or Redis shared with other processes. */
    STATE("where the crawl's state lives: memory, a state file, or Redis"),
    /** A process's own settings: they shape this run, and a resumed or joined crawl takes its own. */
    RUN("this process's own settings: logging, progress, memory");

    private final String summary;

    SettingGroup(String summary) {
        this.summary = summary;
    }

    /** What its settings are about, in a few words: help's heading for the group. */
    public String summary() {
        return summary;
    }

    /**
     * Whether its settings are the saved configuration's ({@link dev.loomcrawl.CrawlConfig}): kept under their plain
     * names with a state file and in Redis, the same for every process of a shared crawl. (The run group's
     * settings of the configuration are each process's, never saved.)
     */
    public boolean ofConfig() {
        return ordinal() <= LINK_CHECK.ordinal();
    }

    /**
     * Whether a crawl's state keeps its settings, so that every run does the same: the configuration's, and the
     * outputs, scraping and rendering of a crawl with a state file. Where the state lives and how this process
     * runs are each process's.
     */
    public boolean saved() {
        return this != STATE && this != RUN;
    }

    /** The group's name in JSON and docs: {@code link-check}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
