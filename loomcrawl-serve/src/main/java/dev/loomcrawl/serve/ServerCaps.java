package dev.loomcrawl.serve;

import dev.loomcrawl.config.ConfigTarget;
import dev.loomcrawl.config.CrawlJob;
import dev.loomcrawl.config.CrawlSettings;
import dev.loomcrawl.config.SettingGroup;
import dev.loomcrawl.config.SettingKind;
import dev.loomcrawl.config.SettingSpec;
import dev.loomcrawl.fetch.HttpSettings;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What one job of the server may use, whatever its request asks: one policy for every front end (Firecrawl's
 * requests, the native API's, MCP's tools), put on a request's typed settings after they are read and before its
 * crawl is made. A number past its cap, or "no limit", is lowered to the cap; a duration past the job's time is lowered to it;
 * a list longer than {@link #LIST} values, or a value longer than {@link #TEXT} characters, is refused (400). Every
 * other bound a request can set is bounded by the job's pages ({@link #BY_PAGES}). The state and run groups are the
 * server's: a request cannot set them at all ({@link NativeRequest}).
 */
final class ServerCaps {
    /** Values a list setting holds at most; its roots, at most the job's pages. */
    static final int LIST = 100;
    /** Characters one value holds at most. */
    static final int TEXT = 4096;

    /** The most of each counted or sized resource one job may ask for, by setting. */
    static final Map<String, Long> MOST = Map.ofEntries(
            Map.entry("max-body", HttpSettings.MAX_BODY_BYTES), // the memory of a fetch, a decompressed body's too
            Map.entry("max-bytes", 4L << 30), // the disk a job's pages fill, its WARC files' too
            Map.entry("warc-max-size", 1L << 30),
            Map.entry("max-tasks", 100L), // fetches in flight, each a connection and a body
            Map.entry("per-host", 100L),
            Map.entry("max-tries", 10L),
            Map.entry("max-redirect", 20L),
            Map.entry("max-url-length", 8192L),
            Map.entry("max-links-per-page", 100_000L),
            Map.entry("chunk-size", 100_000L),
            Map.entry("render-tasks", 4L), // tabs of the job's browser, each its memory
            Map.entry("render-scroll", 20L));

    /** Bounds that only narrow a crawl: however a request sets them, the job's pages bound what they cost. */
    static final Set<String> BY_PAGES = Set.of("max-depth", "max-pages-per-host", "max-path-segments",
            "max-segment-repeats", "max-query-parameters", "max-query-length", "max-parameter-repeats",
            "max-urls-per-shape", "focus-patience");

    private ServerCaps() {}

    /**
     * The job {@code asked} describes with the server's caps put on it: at most {@code maxPages} pages and
     * {@code maxTime} of crawling, private addresses as the server allows, and every resource at most its cap. Made
     * row by row through the settings table's typed setters, as a state is read back. A 400 for a list or a value
     * past its bound, or a job the capped values do not make.
     */
    static CrawlJob apply(CrawlJob asked, ServeOptions server, long maxPages, Duration maxTime) {
        ConfigTarget target = new ConfigTarget();
        for (SettingSpec s : CrawlSettings.ALL) {
            List<String> values = s.read().apply(asked);
            if (s.group() != SettingGroup.STATE && s.group() != SettingGroup.RUN) {
                checkSize(s, values, maxPages);
                String capped = capped(s, values, maxPages, maxTime);
                if (capped != null) values = List.of(capped);
            }
            if (s.name().equals("allow-private")) values = List.of(Boolean.toString(server.allowPrivate()));
            for (String v : values) s.write().accept(target, v);
        }
        try {
            return target.job(target.build());
        } catch (IllegalArgumentException e) {
            throw ApiError.badRequest(e.getMessage());
        }
    }

    /** The value {@code s} is lowered to, as the row saves it, or null when it is within its cap. */
    private static String capped(SettingSpec s, List<String> values, long maxPages, Duration maxTime) {
        String value = values.isEmpty() ? null : values.getFirst();
        if (s.kind() == SettingKind.DURATION) {
            // a wait of a job ends with the job; max-time alone is "no limit" when absent
            boolean over = value == null ? s.name().equals("max-time") : Duration.parse(value).compareTo(maxTime) > 0;
            return over ? maxTime.toString() : null;
        }
        Long most = s.name().equals("max-pages") ? Long.valueOf(maxPages) : MOST.get(s.name());
        if (most == null || value == null) return null;
        long asked = Long.parseLong(value);
        return asked < 0 || asked > most ? Long.toString(most) : null; // -1: no limit
    }

    private static void checkSize(SettingSpec s, List<String> values, long maxPages) {
        long most = s.name().equals("root") ? maxPages : LIST;
        if (s.repeated() && values.size() > most) {
            throw ApiError.badRequest("setting '" + s.name() + "' has " + values.size() + " values; this server "
                    + "takes at most " + most);
        }
        for (String v : values) {
            if (v.length() > TEXT) {
                throw ApiError.badRequest("setting '" + s.name() + "' has a value of " + v.length()
                        + " characters; this server takes at most " + TEXT);
            }
        }
    }
}
