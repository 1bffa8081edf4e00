package dev.loomcrawl.config;

import dev.loomcrawl.CrawlConfig;

/**
 * A crawl as a command, a request or a tool call asks for it: its configuration (what the crawler is given), and
 * what is done around it (its outputs, scraping, rendering, where its state lives, its run's report). Every part
 * is read from and written to the rows of {@link CrawlSettings}; {@link ConfigJson} is its JSON form.
 *
 * @param config the crawl's configuration; null for a process that joins a shared crawl, whose is in Redis
 */
public record CrawlJob(CrawlConfig config, OutputSettings outputs, ScrapeSettings scrape, RenderChoice render,
                       StateSettings state, RunSettings run) {
    public CrawlJob {
        if (outputs == null || scrape == null || render == null || state == null || run == null) {
            throw new IllegalArgumentException("a crawl job's parts are not null (NONE: nothing asked for)");
        }
    }

    /** The crawl of {@code config}, with nothing around it: no outputs, no scraping, no rendering, in memory. */
    public static CrawlJob of(CrawlConfig config) {
        return new CrawlJob(config, OutputSettings.NONE, ScrapeSettings.NONE, RenderChoice.NONE,
                StateSettings.MEMORY, RunSettings.NONE);
    }
}
