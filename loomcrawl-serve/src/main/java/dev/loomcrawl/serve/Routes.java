package dev.loomcrawl.serve;

import java.util.List;
import java.util.Map;

/**
 * Which endpoint answers a method and path: Firecrawl's v2 paths, the operator's {@code /healthz} and
 * {@code /metrics}, the jobs page ({@code /} and its files, {@code /v1/jobs}), the native API ({@code /v1/crawls}
 * and {@code /openapi.json}, {@link NativeApi}), and a clear 404 for Firecrawl's endpoints this server does not
 * have.
 */
final class Routes {
    /** Firecrawl endpoints not served, and why. */
    private static final Map<String, String> NOT_SERVED = Map.of(
            "extract", "it needs a language model",
            "agent", "it needs a language model",
            "search", "it needs a web search service",
            "deep-research", "it needs a language model",
            "llmstxt", "it needs a language model",
            "browser", "it needs a browser driven by the request",
            "parse", "it parses uploaded files; scrape a URL instead",
            "team", "there are no teams or credits here",
            "monitor", "it needs a scheduler; run crawls again instead");

    private final FirecrawlApi api;
    private final Jobs jobs;
    private final Scrapes scrapes;
    private final NativeApi crawls;

    Routes(FirecrawlApi api, Jobs jobs, Scrapes scrapes, NativeApi crawls) {
        this.api = api;
        this.jobs = jobs;
        this.scrapes = scrapes;
        this.crawls = crawls;
    }

    /**
     * Whether the path is answered without an API key: the health check, for load balancers, and the jobs page's
     * files (they hold nothing of the jobs; the page asks for the key to list them).
     */
    static boolean open(String path) {
        return path.equals("/healthz") || JobsPage.isFile(path);
    }

    /**
     * Which of Firecrawl's APIs a path is of: {@code "v2"}, {@code "v1"} (its older endpoints, which integrations
     * pinned to firecrawl-js 1.x still call: scrape, crawl, map, batch scrape), or null for loomcrawl's own paths
     * (the native API under {@code /v1/crawls}, {@code /v1/jobs}, which Firecrawl's v1 has no endpoints of).
     */
    static String firecrawlVersion(String path) {
        if (path.startsWith("/v2/") || path.equals("/v2")) return "v2";
        if (path.startsWith("/v1/") && !NativeApi.answers(path) && !path.equals("/v1/jobs")) return "v1";
        return null;
    }

    Answer answer(String path, Call c) {
        if (path.equals("/healthz")) return only(c, "GET", () -> Answer.json(Map.of("status", "ok")));
        if (JobsPage.isFile(path)) return only(c, "GET", () -> JobsPage.file(path));
        if (path.equals("/v1/jobs")) return only(c, "GET", () -> JobsPage.list(jobs));
        if (path.equals("/metrics")) return only(c, "GET", () -> Answer.text(Metrics.text(jobs, scrapes)));
        if (NativeApi.answers(path)) return crawls.answer(path, c);
        List<String> s = c.segments();
        if (s.isEmpty()) throw new ApiError(404, "no endpoint " + path + "; loomcrawl serve answers /v2/...");
        String first = s.getFirst();
        return switch (first) {
            case "scrape" -> s.size() == 1 ? only(c, "POST", () -> api.scrape(c)) : notFound(path);
            case "map" -> s.size() == 1 ? only(c, "POST", () -> c.v1() ? api.mapV1(c) : api.map(c))
                    : notFound(path);
            case "crawl" -> jobPath(c, path, JobKind.CRAWL, 1);
            case "batch" -> s.size() >= 2 && s.get(1).equals("scrape") ? jobPath(c, path, JobKind.BATCH, 2)
                    : notFound(path);
            default -> {
                String why = NOT_SERVED.get(first);
                if (why == null) yield notFound(path);
                throw new ApiError(404, c.method() + " /" + c.version() + "/" + first + " is not supported by "
                        + "loomcrawl serve (" + why + ")");
            }
        };
    }

    /** /v2/crawl, /v2/crawl/active (or ongoing), /v2/crawl/{id}, /v2/crawl/{id}/errors (and the batch's, after {@code at}). */
    private Answer jobPath(Call c, String path, JobKind kind, int at) {
        List<String> s = c.segments();
        if (s.size() == at) {
            return only(c, "POST", () -> kind == JobKind.CRAWL ? api.startCrawl(c) : api.startBatch(c));
        }
        String id = s.get(at);
        if (s.size() == at + 1) {
            // Firecrawl's two names of the crawls still running
            if (kind == JobKind.CRAWL && (id.equals("active") || id.equals("ongoing"))) {
                return only(c, "GET", api::active);
            }
            if (kind == JobKind.CRAWL && id.equals("params-preview")) {
                throw new ApiError(404, "POST /v2/crawl/params-preview is not supported by loomcrawl serve (it "
                        + "needs a language model)");
            }
            return switch (c.method()) {
                case "GET" -> api.status(c, kind, id);
                case "DELETE" -> api.cancel(kind, id);
                default -> throw new ApiError(405, c.method() + " is not allowed here; use GET or DELETE");
            };
        }
        if (s.size() == at + 2 && s.get(at + 1).equals("errors")) return only(c, "GET", () -> api.errors(kind, id));
        return notFound(path);
    }

    private static Answer only(Call c, String method, java.util.function.Supplier<Answer> endpoint) {
        if (!c.method().equals(method)) {
            throw new ApiError(405, c.method() + " is not allowed here; use " + method);
        }
        return endpoint.get();
    }

    private static Answer notFound(String path) {
        throw new ApiError(404, "no endpoint " + ApiError.quoted(path));
    }
}
