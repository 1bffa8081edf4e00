package dev.loomcrawl.config;

import java.util.Locale;

/** The groups of a crawl's settings, as the JSON Schema and docs/settings list them. */
public enum SettingGroup {
    /** Where the crawl starts and which URLs it may reach. */
    SCOPE,
    /** How each request is made: timeouts, bodies, HTTP/2, TLS, name pins. */
    HTTP,
    /** Manners and safety: robots.txt, pacing per origin, sitemaps, private addresses, headers. */
    POLITENESS,
    /** Budgets and the guards against crawler traps. */
    LIMITS,
    /** Logins, cookies, credentials and proxies. */
    SESSION,
    /** What the link checker checks beside the crawl. */
    LINK_CHECK,
    /** A process's own settings: they shape this run, and a resumed or joined crawl takes its own. */
    RUN;

    /** The group's name in JSON and docs: {@code link-check}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
