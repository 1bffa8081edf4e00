package dev.loomcrawl.serve;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.config.ConfigJson;
import dev.loomcrawl.config.CrawlJob;
import dev.loomcrawl.config.CrawlSettings;
import dev.loomcrawl.config.RenderChoice;
import dev.loomcrawl.config.SettingGroup;
import dev.loomcrawl.config.SettingSpec;
import dev.loomcrawl.run.OutputPlan;
import dev.loomcrawl.render.chromium.RenderSettings;
import dev.loomcrawl.url.WebUrl;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A native crawl request ({@code POST /v1/crawls}): exactly the JSON {@code crawl --print-config} prints (its
 * roots in it), read by {@link ConfigJson} with the same names and errors as {@code --config}, plus one member that
 * is no setting, {@code webhook} (Firecrawl's shape, {@link Webhook}). What a job of the server cannot take is
 * refused in one line: a state (the job has its own), the run's files, settings that read files or the environment
 * of the server; the addresses it names beyond its roots are held to the server's guard ({@link NativeAddresses});
 * output files are plain names in the job's folder ({@link NativeFiles}). The server's caps are put
 * in last ({@link ServerCaps}), as for every other request.
 *
 * @param settings what is kept of the request and shown in its status: the job's whole JSON, caps applied
 * @param options  the job's kept request: {@code settings}, and {@code webhook} when given
 */
record NativeRequest(CrawlJob job, CrawlConfig config, List<String> roots, RenderMode render, ObjectNode settings,
                     ObjectNode options) {
    static final String WEBHOOK = "webhook";
    /** Settings that name a file or a variable of the server, which a request must not read. */
    private static final Set<String> SERVER_FILES = Set.of("netrc", "proxy-file", "form-file", "form-env");
    /**
     * The login's settings: its password would be kept with the job's settings, which its status shows, and the
     * server has no secret store; so a job does not log in, and says so, rather than take a login it would not run.
     */
    private static final List<String> LOGIN = List.of("login", "form", "logged-in-when", "logout");
    /**
     * Groups whose rows a job of the server decides itself, and the link check's, which a job does not do (it runs
     * on no state file, and a job reports no links): MCP's {@code check_links} does.
     */
    private static final Set<SettingGroup> SERVERS = Set.of(SettingGroup.STATE, SettingGroup.RUN,
            SettingGroup.LINK_CHECK);

    static NativeRequest parse(byte[] body, ServeOptions server) {
        JsonNode tree = Json.read(body);
        if (!(tree instanceof ObjectNode given)) {
            throw ApiError.badRequest("a crawl is a JSON object of settings, such as {\"root\": "
                    + "[\"https://example.com/\"], \"max-pages\": 100}");
        }
        ObjectNode settings = given.deepCopy();
        JsonNode webhook = settings.remove(WEBHOOK);
        for (String name : LOGIN) { // before the settings are read: a password in them is refused so, not as a secret
            JsonNode value = settings.get(name); // crawl --print-config prints them all, null or empty
            if (value != null && !value.isNull() && !(value.isArray() && value.isEmpty())) {
                throw ApiError.badRequest("setting '" + name + "' is not taken by the native API: a job does not log "
                        + "in (its password would be kept with its settings); crawl behind a login with loomcrawl "
                        + "crawl --login");
            }
        }
        CrawlJob asked = read(settings);
        refuseServers(asked);
        checkScrape(asked);
        NativeFiles.names(asked.outputs());
        try {
            OutputPlan.checked(asked.outputs(), asked.scrape().fieldNames());
            OutputPlan.checkWacz(asked.outputs());
        } catch (IllegalArgumentException e) {
            throw ApiError.badRequest(e.getMessage());
        }
        RenderMode render = render(asked.render());
        List<String> roots = new ArrayList<>();
        for (WebUrl root : asked.config().scope().roots()) {
            roots.add(Roots.check(root.toString(), "root", server).toString());
        }
        NativeAddresses.check(asked.config(), server);
        CrawlJob job = ServerCaps.apply(asked, server, server.maxPages(), server.maxJobTime());
        ObjectNode whole = (ObjectNode) Json.read(ConfigJson.write(job)
                .getBytes(java.nio.charset.StandardCharsets.UTF_8));
        ObjectNode options = Json.MAPPER.createObjectNode();
        options.set("settings", whole);
        if (webhook != null && !webhook.isNull()) {
            options.set(WEBHOOK, webhook);
            Webhook.of(options, server); // checked now: a receiver the server does not reach is refused
        }
        return new NativeRequest(job, job.config(), roots, render, whole, options);
    }

    /** The job a kept request's settings describe (checked when it was made). */
    static CrawlJob kept(JsonNode options) {
        return ConfigJson.readJob(Json.write(options.path("settings")));
    }

    private static CrawlJob read(ObjectNode settings) {
        try {
            return ConfigJson.readJob(Json.write(settings));
        } catch (IllegalArgumentException e) {
            throw ApiError.badRequest(e.getMessage());
        }
    }

    /** A row the server decides, given other than at its default, is refused. */
    private static void refuseServers(CrawlJob asked) {
        CrawlJob defaults = CrawlJob.of(CrawlConfig.builder().root("http://localhost/").build());
        for (SettingSpec s : CrawlSettings.ALL) {
            boolean server = SERVERS.contains(s.group()) || SERVER_FILES.contains(s.name());
            if (!server || s.read().apply(asked).equals(s.read().apply(defaults))) continue;
            String why = switch (s.group()) {
                case STATE -> "each job keeps its own state in its folder";
                case LINK_CHECK -> "a job does not check links; the MCP tool check_links does";
                default -> SERVER_FILES.contains(s.name()) ? "it would read a file or variable of the server"
                        : "a job's report is its status and its outputs";
            };
            throw ApiError.badRequest("setting '" + s.name() + "' is not taken by the native API: " + why);
        }
    }

    /**
     * The selectors, checked as the command line checks them (a bad selector or field, items without fields, fields
     * without an items file: a 400 saying so).
     */
    private static void checkScrape(CrawlJob asked) {
        try {
            asked.scrape().scraper();
        } catch (IllegalArgumentException e) {
            throw ApiError.badRequest(e.getMessage());
        }
        String why = asked.scrape().inconsistency(asked.outputs().items() != null);
        if (why != null) throw ApiError.badRequest(why);
    }

    /**
     * How the job's browser renders, as the command line's would ({@link RenderSettings#of}), or null: a bad value
     * is a 400 naming its option.
     */
    static RenderSettings renderSettings(RenderChoice c) {
        try {
            return RenderSettings.of(c);
        } catch (IllegalArgumentException e) {
            throw ApiError.badRequest(e.getMessage());
        }
    }

    /** Whether a browser is needed (a 503 now when there is none), and for which pages: the job's record says. */
    private static RenderMode render(RenderChoice c) {
        RenderSettings settings = renderSettings(c);
        if (settings == null) return RenderMode.NEVER;
        Browsers.check();
        return settings.auto() ? RenderMode.AUTO : RenderMode.ALWAYS; // render-include: the settings choose pages
    }
}
