package dev.loomcrawl.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.RootUrl;
import dev.loomcrawl.limits.LimitSettings;
import dev.loomcrawl.result.Printable;
import dev.loomcrawl.run.CrawlRunner;
import dev.loomcrawl.run.Discovery;
import dev.loomcrawl.run.MapRanking;
import dev.loomcrawl.scope.ScopeKind;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * {@code loomcrawl map ROOT}: the URLs of a site's pages, found by a discovery crawl ({@link Discovery}: the
 * sitemaps, then the pages fetched for their links only), within {@code --limit} URLs and {@code --max-time}; ranked
 * by {@code --search} when given. One URL a line with its title, or {@code --json}; on standard error, why the map
 * ended and how many pages it fetched.
 */
@Command(name = "map", sortOptions = false, usageHelpAutoWidth = true,
        description = {"List a site's pages: a discovery crawl that fetches pages for their links only.",
                "The sitemaps (robots.txt's and /sitemap.xml) and the links of the pages lead to more pages; "
                        + "stylesheets, scripts, images and downloads are neither fetched nor listed, nor are URLs "
                        + "that answer an error. robots.txt and the politeness of a crawl hold.",
                "With --search, the URLs are ranked by how well their titles, the texts of links to them and their "
                        + "paths match it, and those that match nothing are left out."},
        footerHeading = "%nExamples:%n",
        footer = {"  loomcrawl map https://docs.python.org/3/",
                "  loomcrawl map --search \"asyncio event loop\" --limit 10 \\",
                "      https://docs.python.org/3/",
                "",
                "Exit codes: 0 mapped (the time cap or the budget may have stopped it: standard error says), "
                        + "1 the root could not be fetched, 2 usage error."})
final class MapCommand implements Callable<Integer> {
    private static final JsonFactory JSON = new JsonFactory();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(paramLabel = "ROOT", description = "The site's URL (its home page, or any page).")
    String root;

    @Option(names = "--search", paramLabel = "WORDS", description = "Rank the URLs by these words.")
    String search;

    @Option(names = "--limit", paramLabel = "N", defaultValue = "5000",
            description = "URLs listed at most (default: ${DEFAULT-VALUE}); without --search the map stops once "
                    + "it knows so many.")
    int limit;

    @Option(names = "--max-time", paramLabel = "DURATION", defaultValue = "60s",
            converter = Converters.DurationConverter.class,
            description = "Time cap of the discovery crawl (default: ${DEFAULT-VALUE}).")
    Duration maxTime;

    @Option(names = "--max-pages", paramLabel = "N", defaultValue = "20000",
            description = "Pages fetched at most (default: ${DEFAULT-VALUE}).")
    long maxPages;

    @Option(names = "--sitemap", paramLabel = "USE", defaultValue = "include",
            description = "include (default): the sitemaps' URLs and the pages' links; skip: the links only; only: "
                    + "the sitemaps' URLs only.")
    String sitemap;

    @Option(names = "--scope", paramLabel = "KIND", defaultValue = "host",
            description = "host (default): the root's host; domain: its registrable domain; prefix: its host, "
                    + "under the root's directory.")
    String scope;

    @Option(names = "--json", description = "One JSON object: the URLs with their titles and link texts, why the "
            + "map ended and the pages fetched.")
    boolean json;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    boolean help;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (limit < 1) throw new CommandLine.ParameterException(spec.commandLine(), "--limit must be at least 1");
        Discovery.Sitemaps sitemaps = choice(Discovery.Sitemaps.class, sitemap, "--sitemap");
        ScopeKind kind = choice(ScopeKind.class, scope, "--scope");
        String url;
        try {
            url = RootUrl.parse(root).toString();
        } catch (IllegalArgumentException e) {
            throw new Main.BadInput(spec.commandLine(), e.getMessage());
        }
        CrawlConfig config = CrawlConfig.builder().root(url).scope(kind).sitemaps(sitemaps != Discovery.Sitemaps.SKIP)
                .limits(LimitSettings.defaults().toBuilder().maxDepth(sitemaps == Discovery.Sitemaps.ONLY ? 0 : -1)
                        .maxPages(maxPages).maxTime(maxTime).build())
                .build();
        boolean ranked = search != null && !search.isBlank();
        Discovery.SiteMap map = Discovery.map(CrawlRunner.of(config),
                new Discovery.Options(limit, !ranked, sitemaps, false));
        List<Discovery.Mapped> urls = ranked ? MapRanking.rank(map.urls(), search) : map.urls();
        if (urls.size() > limit) urls = urls.subList(0, limit);
        if (map.urls().isEmpty()) {
            err.println("loomcrawl: map: no page found at " + Printable.line(url) + " (" + map.fetched()
                    + " fetched)");
            return Main.FAILED;
        }
        if (json) writeJson(out, urls, map);
        else for (Discovery.Mapped m : urls) out.println(Printable.line(m.url()) + (title(m) == null ? ""
                : "  " + Printable.line(title(m))));
        err.println(urls.size() + " URLs; " + map.fetched() + " pages fetched; stopped: " + map.stop().says());
        return Main.FINISHED;
    }

    private static String title(Discovery.Mapped m) {
        return m.title() != null ? m.title() : m.anchors().isEmpty() ? null : m.anchors().getFirst();
    }

    private <E extends Enum<E>> E choice(Class<E> type, String value, String option) {
        for (E e : type.getEnumConstants()) {
            if (e.name().toLowerCase(Locale.ROOT).equals(value)) return e;
        }
        throw new CommandLine.ParameterException(spec.commandLine(), option + " must be one of "
                + java.util.Arrays.stream(type.getEnumConstants()).map(e -> e.name().toLowerCase(Locale.ROOT))
                .toList() + ", got '" + value + "'");
    }

    private static void writeJson(PrintWriter out, List<Discovery.Mapped> urls, Discovery.SiteMap map) {
        try (JsonGenerator g = JSON.createGenerator(out)) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            g.writeStartObject();
            g.writeArrayFieldStart("urls");
            for (Discovery.Mapped m : urls) {
                g.writeStartObject();
                g.writeStringField("url", m.url());
                if (m.title() != null) g.writeStringField("title", m.title());
                g.writeArrayFieldStart("anchors");
                for (String a : m.anchors()) g.writeString(a);
                g.writeEndArray();
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeStringField("stopped", map.stop().name().toLowerCase(Locale.ROOT));
            g.writeNumberField("fetched", map.fetched());
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        out.println();
    }
}
