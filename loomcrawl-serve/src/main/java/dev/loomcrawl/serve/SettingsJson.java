package dev.loomcrawl.serve;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.config.ConfigJson;
import dev.loomcrawl.config.CrawlJob;

import java.time.Duration;

/**
 * A request's options in loomcrawl's own spelling: an object of {@code CrawlSettings} rows (the JSON form a
 * {@code --config} file has), which {@link ConfigJson#read} makes into the crawl's configuration, exactly as it
 * does a configuration file. The server's own settings ({@link ServeOptions}: private addresses, the caps) are put
 * in last, by {@link #config} ({@link ServerCaps}), so no request can widen them.
 */
final class SettingsJson {
    private final ObjectNode settings = Json.MAPPER.createObjectNode();

    SettingsJson root(String url) {
        list("root").add(url);
        return this;
    }

    SettingsJson set(String name, String value) {
        settings.put(name, value);
        return this;
    }

    SettingsJson set(String name, long value) {
        settings.put(name, value);
        return this;
    }

    SettingsJson set(String name, boolean value) {
        settings.put(name, value);
        return this;
    }

    SettingsJson set(String name, Duration d) {
        settings.put(name, d.toMillis() + "ms");
        return this;
    }

    SettingsJson add(String name, String value) {
        list(name).add(value);
        return this;
    }

    private ArrayNode list(String name) {
        return settings.has(name) ? (ArrayNode) settings.get(name) : settings.putArray(name);
    }

    /** The options with what scrape options say about fetching (headers, a deadline) added. */
    SettingsJson scrape(ScrapeOptions o) {
        o.headers().forEach(h -> add("header", h));
        if (o.timeout() != null) set("fetch-timeout", o.timeout());
        set("insecure", o.skipTls());
        return this;
    }

    /**
     * The configuration: these settings, then the server's caps ({@link ServerCaps}: pages at most
     * {@code maxPages}, the job's time the server's, private addresses as the server allows, every resource at
     * most its cap), which a request cannot widen.
     */
    CrawlConfig config(ServeOptions server, long maxPages) {
        return config(server, maxPages, server.maxJobTime());
    }

    /** {@link #config(ServeOptions, long)} with a time of its own, {@code maxTime}, at most (an MCP tool's call). */
    CrawlConfig config(ServeOptions server, long maxPages, Duration maxTime) {
        ObjectNode all = settings.deepCopy();
        all.put("max-time", maxTime.toMillis() + "ms");
        CrawlJob asked;
        try {
            asked = ConfigJson.readJob(Json.write(all));
        } catch (IllegalArgumentException e) {
            throw ApiError.badRequest(e.getMessage());
        }
        return ServerCaps.apply(asked, server, maxPages, maxTime).config();
    }

    @Override
    public String toString() {
        return Json.write(settings);
    }
}
