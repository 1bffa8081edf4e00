package dev.loomcrawl.serve;

import com.fasterxml.jackson.databind.JsonNode;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * What a request says about each page's document: Firecrawl's scrape options, those loomcrawl can honour. Read by
 * {@link #read} from a scrape request, a batch scrape request (whose options sit at its top level) or a crawl's
 * {@code scrapeOptions}.
 *
 * @param formats what each document holds (default markdown)
 * @param headers extra request headers ("Name: value"), sent to the roots' origins only
 * @param timeout the deadline of one fetch, or null for the crawl's default
 * @param pdf     whether a PDF's Markdown is its text (Firecrawl's {@code parsers: ["pdf"]}, the default) or the file
 *                itself in base64 ({@code parsers: []})
 * @param skipTls whether any TLS certificate is accepted ({@code skipTlsVerification}, true by default in v2: the
 *                crawl's {@code insecure})
 * @param waitFor how long each page is given after its load event before it is read ({@code waitFor}, ms): the
 *                pages are rendered in Chromium when the server has it ({@link Browsers#available}), else read as
 *                served, each document saying so in its {@code warning}; null for none
 */
record ScrapeOptions(Set<Format> formats, List<String> headers, Duration timeout, boolean pdf, boolean skipTls,
                     Duration waitFor) {
    static final ScrapeOptions DEFAULT = new ScrapeOptions(EnumSet.of(Format.MARKDOWN), List.of(), null, true,
            true, null);
    /** The parsers Firecrawl's {@code parsers} may name that loomcrawl has. */
    static final Set<String> PARSERS = Set.of("pdf");

    /** Options whose effect loomcrawl has. */
    static final Set<String> SUPPORTED = Set.of("formats", "headers", "timeout", "onlyMainContent", "parsers",
            "skipTlsVerification", "waitFor");
    /**
     * Options accepted and without effect here: a client's bookkeeping (origin, integration), Firecrawl's cache
     * (maxAge, minAge, storeInCache), and what loomcrawl does anyway or never does (no ads are loaded: a rendered
     * page's images and media are blocked; images are never inlined).
     */
    static final Set<String> IGNORED = Set.of("origin", "integration", "maxAge", "minAge", "storeInCache",
            "zeroDataRetention", "removeBase64Images", "blockAds", "fastMode",
            "lockdown", "proxy", "mobile",
            // Firecrawl's own: its test double, its search preview, its experiments
            "useMock", "__searchPreviewToken", "__experimental_omce", "__experimental_omceDomain");
    /** Firecrawl's kinds of proxy, accepted and without effect: loomcrawl has no proxies of its own to choose. */
    static final List<String> PROXY_KINDS = List.of("basic", "stealth", "enhanced", "auto");
    /**
     * Options that need a browser or a service loomcrawl serve does not have: a 400 names them when given a value
     * that asks for something ({@link #asksNothing}: an empty list or object, false, Firecrawl's default location).
     */
    static final Map<String, String> UNSUPPORTED = Map.of(
            "actions", "it needs a browser driven by the request",
            "location", "it needs proxies in other countries",
            "includeTags", "loomcrawl finds the main content itself",
            "excludeTags", "loomcrawl finds the main content itself",
            "jsonOptions", "it needs a language model",
            "changeTrackingOptions", "it needs a language model");

    /** Every key the options may have. */
    static Set<String> keys() {
        return Stream.of(SUPPORTED, IGNORED, UNSUPPORTED.keySet()).flatMap(Set::stream).collect(Collectors.toSet());
    }

    /** The options in {@code f} (which may hold other fields of the request too). */
    static ScrapeOptions read(Fields f) {
        for (String name : UNSUPPORTED.keySet()) {
            if (f.has(name) && !asksNothing(name, f.get(name))) {
                throw ApiError.unsupported("'" + f.name(name) + "'", UNSUPPORTED.get(name));
            }
        }
        String proxy = f.string("proxy", "basic");
        if (!PROXY_KINDS.contains(proxy)) { // an address: a job fetches directly, as the server's operator set it up
            throw ApiError.unsupported("'" + f.name("proxy") + "': " + ApiError.quoted(proxy),
                    "a request cannot name a proxy (Firecrawl's kinds are " + String.join(", ",
                    PROXY_KINDS) + "; the native API takes a proxy address)");
        }
        f.bool("onlyMainContent", true); // type-checked; the Markdown is always the page's main content
        f.bool("mobile", false);
        if (f.has("mobile") && f.bool("mobile", false)) {
            throw ApiError.unsupported("'" + f.name("mobile") + "': true", "pages are not rendered as a phone shows them");
        }
        Long waitFor = f.integer("waitFor", 0, 60_000);
        Long timeoutMs = f.integer("timeout", 1, 86_400_000L);
        if (waitFor != null && waitFor > 0 && timeoutMs != null && waitFor > timeoutMs / 2.0) {
            // Firecrawl's check and words: a page waited for must leave half the time to fetch it
            throw ApiError.badRequest("waitFor must not exceed half of timeout (" + f.name("waitFor") + " "
                    + waitFor + ", timeout " + timeoutMs + ")");
        }
        Set<Format> formats = EnumSet.noneOf(Format.class);
        JsonNode list = f.get("formats");
        if (list != null) {
            if (!list.isArray()) throw f.wrong("formats", "a list of formats");
            for (int i = 0; i < list.size(); i++) formats.add(Format.of(list.get(i), f.name("formats") + "[" + i + "]"));
        }
        if (formats.isEmpty()) formats.add(Format.MARKDOWN);
        List<String> headers = new ArrayList<>();
        Fields h = f.has("headers") ? headers(f) : null;
        if (h != null) {
            for (Iterator<Map.Entry<String, JsonNode>> it = h.node().fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                if (!e.getValue().isTextual()) throw h.wrong(e.getKey(), "a string");
                headers.add(e.getKey() + ": " + e.getValue().textValue());
            }
        }
        Long ms = f.integer("timeout", 1, 86_400_000L);
        return new ScrapeOptions(formats, headers, ms == null ? null : Duration.ofMillis(ms), pdf(f),
                f.bool("skipTlsVerification", true),
                waitFor == null || waitFor == 0 ? null : Duration.ofMillis(waitFor));
    }

    /** Whether {@code parsers} names the PDF parser (a list of parser names; absent: it does). */
    private static boolean pdf(Fields f) {
        JsonNode list = f.get("parsers");
        if (list == null) return true;
        if (!list.isArray()) throw f.wrong("parsers", "a list of parsers (\"pdf\")");
        boolean pdf = false;
        for (int i = 0; i < list.size(); i++) {
            JsonNode p = list.get(i);
            if (!p.isTextual() || !PARSERS.contains(p.textValue())) {
                throw ApiError.badRequest("field '" + f.name("parsers") + "[" + i + "]' must be \"pdf\", got "
                        + ApiError.quoted(p.toString()));
            }
            pdf = true;
        }
        return pdf;
    }

    /**
     * Whether an unsupported option's value asks for nothing: an empty list ({@code actions: []},
     * {@code includeTags: []}), an empty object, false, or a location without languages in Firecrawl's default
     * country ({@code "US-generic"}, or none).
     */
    static boolean asksNothing(String name, JsonNode value) {
        if (value.isBoolean()) return !value.booleanValue();
        if (value.isArray() || value.isObject() && !name.equals("location")) return value.isEmpty();
        if (name.equals("location") && value.isObject()) {
            JsonNode country = value.get("country");
            JsonNode languages = value.get("languages");
            boolean defaultCountry = country == null || country.isNull()
                    || country.isTextual() && country.textValue().equalsIgnoreCase("US-generic");
            boolean noLanguages = languages == null || languages.isNull() || languages.isArray() && languages.isEmpty();
            return defaultCountry && noLanguages && value.size() <= 2;
        }
        return false;
    }

    private static Fields headers(Fields f) {
        JsonNode node = f.get("headers");
        if (!node.isObject()) throw f.wrong("headers", "an object of header names and values");
        Set<String> names = new java.util.HashSet<>();
        node.fieldNames().forEachRemaining(names::add);
        return Fields.of(node, f.name("headers"), names);
    }

    /**
     * Whether a job's or a scrape's pages are rendered for these options: every page ({@link RenderMode#ALWAYS}) when
     * a wait is asked for and the server has Chromium; else none.
     */
    RenderMode renderMode() {
        return waitFor == null || !Browsers.available() ? RenderMode.NEVER : RenderMode.ALWAYS;
    }

    /**
     * How a scrape's page is rendered for these options ({@link #renderMode}), given {@link #waitFor} after its load
     * event; null when it is not.
     */
    dev.loomcrawl.render.chromium.RenderSettings rendering() {
        return rendering(renderMode());
    }

    /**
     * How pages are rendered in {@code mode} (a job's, as it was chosen when the job began) with these options: the
     * mode's settings, given {@link #waitFor} after each page's load event when one is asked for; null for
     * {@link RenderMode#NEVER}.
     */
    dev.loomcrawl.render.chromium.RenderSettings rendering(RenderMode mode) {
        if (mode == RenderMode.NEVER) return null;
        return waitFor == null ? mode.settings() : mode.settings().withAfterLoad(waitFor);
    }

    /** The options as JSON, to be kept with a job and read back when it resumes. */
    Map<String, Object> toJson() {
        return Map.of("formats", formats.stream().map(Format::label).toList(), "headers", headers,
                "timeout", timeout == null ? -1 : timeout.toMillis(), "pdf", pdf, "skipTls", skipTls,
                "waitFor", waitFor == null ? 0 : waitFor.toMillis());
    }

    static ScrapeOptions fromJson(JsonNode n) {
        Set<Format> formats = EnumSet.noneOf(Format.class);
        n.path("formats").forEach(e -> formats.add(Format.of(e, "formats")));
        List<String> headers = new ArrayList<>();
        n.path("headers").forEach(e -> headers.add(e.textValue()));
        long t = n.path("timeout").asLong(-1);
        long wait = n.path("waitFor").asLong(0);
        return new ScrapeOptions(formats, headers, t < 0 ? null : Duration.ofMillis(t), n.path("pdf").asBoolean(true),
                n.path("skipTls").asBoolean(true), wait > 0 ? Duration.ofMillis(wait) : null);
    }
}
