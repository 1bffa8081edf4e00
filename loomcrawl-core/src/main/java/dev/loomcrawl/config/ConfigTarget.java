package dev.loomcrawl.config;

import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.fetch.HttpSettings;
import dev.loomcrawl.limits.LimitSettings;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A crawl job being built from settings: the crawl's builder, the builders of its groups that are built apart, and
 * what the job holds beside its configuration. {@link #build} makes and checks the configuration, {@link #job} the
 * rest around it.
 */
public final class ConfigTarget {
    final CrawlConfig.Builder crawl = CrawlConfig.builder();
    final LimitSettings.Builder limits = LimitSettings.builder();
    Duration retryBackoff = HttpSettings.RETRY_BACKOFF;
    Duration retryBackoffMax = HttpSettings.RETRY_BACKOFF_MAX;
    final OutputSettings.Builder outputs = OutputSettings.builder();
    String item;
    final List<String> fields = new ArrayList<>();
    String follow;
    RenderChoice.Mode renderMode;
    String renderInclude;
    Duration renderTimeout;
    Integer renderScrolls;
    Integer renderTasks;
    boolean renderResources;
    Path stateFile;
    boolean stateLinks;
    Path spillDir;
    String frontier;
    String crawlId;
    Duration leaseTime = StateSettings.LEASE_TIME;
    Duration redisOutage = StateSettings.REDIS_OUTAGE;
    Path report;
    boolean reportUrls;
    Path saveCookies;

    /** Turns every trap guard off (the command line's {@code --no-trap-guards}), those set after it staying on. */
    public ConfigTarget noTrapGuards() {
        limits.noTrapGuards();
        return this;
    }

    public CrawlConfig build() {
        return crawl.retryBackoff(retryBackoff, retryBackoffMax).limits(limits.build()).build();
    }

    /**
     * The job of {@code config} (null for a process joining a shared crawl, which takes the configuration saved in
     * Redis) with the outputs, scraping, rendering, state and run set here; a bad value is an
     * {@link IllegalArgumentException} naming it.
     */
    public CrawlJob job(CrawlConfig config) {
        return new CrawlJob(config, outputs.build(), new ScrapeSettings(item, fields, follow),
                new RenderChoice(renderMode, renderInclude, renderTimeout, renderScrolls, renderTasks,
                        renderResources),
                new StateSettings(stateFile, stateLinks, spillDir, frontier, crawlId, leaseTime, redisOutage),
                run());
    }

    /** What this run does at its end, as set here (a resumed crawl's run says its own). */
    public RunSettings run() {
        return new RunSettings(report, reportUrls, saveCookies);
    }
}
