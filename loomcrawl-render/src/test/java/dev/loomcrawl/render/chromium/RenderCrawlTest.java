package dev.loomcrawl.render.chromium;

import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.result.CrawlSummary;
import dev.loomcrawl.Crawler;
import dev.loomcrawl.CrawlerBuilder;
import dev.loomcrawl.extract.StreamingLinkExtractor;
import dev.loomcrawl.fetch.FetchResult;
import dev.loomcrawl.fetch.Fetcher;
import dev.loomcrawl.fetch.JettyFetcher;
import dev.loomcrawl.fetch.Validators;
import dev.loomcrawl.journal.Journal;
import dev.loomcrawl.output.CrawlOutput;
import dev.loomcrawl.output.warc.WarcOutput;
import dev.loomcrawl.internal.frontier.InMemoryFrontier;
import dev.loomcrawl.scope.RootScope;
import dev.loomcrawl.scrape.Item;
import dev.loomcrawl.scrape.Selector;
import dev.loomcrawl.scrape.SelectorScraper;
import dev.loomcrawl.testkit.RecordedRequest;
import dev.loomcrawl.testkit.SinglePageApp;
import dev.loomcrawl.testkit.TestSite;
import dev.loomcrawl.url.WebUrl;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcTargetRecord;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Crawls of the test kit's single-page app in Debian's Chromium: what rendering finds, and what it refuses. A browser
 * replaced, killed or hung mid-crawl: {@link BrowserRecoveryTest}.
 */
class RenderCrawlTest {
    static final RenderSettings THREE_SCROLLS = new RenderSettings(null, Duration.ofSeconds(20), 3, 2, false);

    @BeforeAll
    static void needsChromium() {
        assumeTrue(ChromiumRenderer.find() != null, "Chromium is not installed (scripts/test-deps.sh installs it)");
    }

    @Test
    void withRenderEveryPageOfTheAppIsFound() {
        try (TestSite app = SinglePageApp.start()) {
            Crawl crawl = Crawl.of(config(app), ChromiumRenderer.start(THREE_SCROLLS), null, Function.identity());
            assertEquals(paths(app, SinglePageApp.allPages()), crawl.htmlPages(),
                    "links from fetched JSON, the pushState router, the timer and three batches of infinite scroll");
            crawl.htmlRecords().forEach(r -> assertTrue(r.rendered(), r.url() + " rendered"));
            assertEquals(1, app.requestCount("/"), "the page itself is fetched once: the browser is given it");
        }
    }

    @Test
    void withRenderAutoEveryPageOfTheAppIsFoundAndEachRecordSaysWhy() {
        try (TestSite app = SinglePageApp.start()) {
            RenderSettings auto = new RenderSettings(null, Duration.ofSeconds(20), 3, 2, false, true);
            ChromiumRenderer renderer = ChromiumRenderer.start(auto);
            assertEquals(0, renderer.starts(), "the browser starts with the first page to render");
            Crawl crawl = Crawl.of(config(app), renderer, null, Function.identity());
            assertEquals(1, renderer.starts());
            assertEquals(paths(app, SinglePageApp.allPages()), crawl.htmlPages());
            for (CrawlRecord r : crawl.htmlRecords()) {
                assertTrue(r.rendered(), r.url() + " rendered");
                // the shell's HTML decides the first pages of each pattern; what rendering them did, the rest
                assertTrue(List.of(dev.loomcrawl.render.AutoRender.SHELL, dev.loomcrawl.render.AutoRender.LEARNED_NEEDS)
                        .contains(r.renderReason()), r.url() + ": " + r.renderReason());
            }
        }
    }

    @Test
    void withRenderAutoAStaticSiteIsNotRenderedAndNoBrowserStarts() {
        Function<String, dev.loomcrawl.testkit.Route> routes = target -> {
            if (!target.matches("/p\\d+")) return null;
            int i = Integer.parseInt(target.substring(2));
            String html = "<!doctype html><title>p" + i + "</title><script src=/menu.js></script><h1>Page " + i
                    + "</h1><p>" + "A paragraph of the page's own text. ".repeat(20) + "</p><a href=/p" + (i + 1) % 6
                    + ">next</a><noscript>Enable JavaScript for the menu.</noscript>";
            return dev.loomcrawl.testkit.Route.Respond.html(html);
        };
        try (TestSite site = TestSite.builder().generated(routes).start()) {
            ChromiumRenderer renderer = ChromiumRenderer.start(RenderSettings.automatic());
            Crawl crawl = Crawl.of(CrawlConfig.builder().root(site.url("/p0")).maxTasks(4)
                    .retryBackoff(Duration.ofMillis(5), Duration.ofMillis(50)), renderer, null, Function.identity());
            assertEquals(6, crawl.htmlRecords().size());
            for (CrawlRecord r : crawl.htmlRecords()) {
                assertFalse(r.rendered(), r.url() + " rendered");
                assertEquals(dev.loomcrawl.render.AutoRender.IN_HTML, r.renderReason(), r.url().toString());
            }
            assertEquals(0, renderer.starts(), "no browser was started");
        }
    }

    @Test
    void theBrowserRunsNoRendererForItsOwnInterface() {
        try (TestSite app = SinglePageApp.start()) {
            ChromiumRenderer renderer = ChromiumRenderer.start(THREE_SCROLLS);
            Set<Long> interfaces = ConcurrentHashMap.newKeySet();
            // the renderers the browser runs, looked at on every request of the crawl (the browser's own included)
            Runnable look = () -> ProcessHandle.of(renderer.browserPid()).stream().flatMap(ProcessHandle::descendants)
                    .filter(p -> commandLine(p).contains("--top-chrome-webui")).forEach(p -> interfaces.add(p.pid()));
            Crawl crawl = Crawl.of(config(app), renderer, null, fetcher -> new KillingFetcher(fetcher, "", look));
            assertEquals(paths(app, SinglePageApp.allPages()), crawl.htmlPages());
            assertEquals(Set.of(), interfaces,
                    "processes rendering the browser's own interface (its address bar's menu)");
        }
    }

    /**
     * A process's command line, its arguments joined by spaces ("" once it has ended), read from /proc: Chromium's
     * helper processes rewrite theirs into one string, which {@code ProcessHandle.Info} gives without its arguments.
     */
    private static String commandLine(ProcessHandle process) {
        try {
            return java.nio.file.Files.readString(Path.of("/proc", Long.toString(process.pid()), "cmdline"))
                    .replace('\0', ' ');
        } catch (java.io.IOException e) {
            return "";
        }
    }

    @Test
    void withoutRenderOnlyTheShellIsFound() {
        try (TestSite app = SinglePageApp.start()) {
            Crawl crawl = Crawl.of(config(app), null, null, Function.identity());
            assertEquals(paths(app, List.of("/")), crawl.htmlPages());
            assertFalse(crawl.records.get(app.url("/")).rendered());
        }
    }

    @Test
    void onlyPagesMatchingTheIncludeAreRendered() {
        try (TestSite app = SinglePageApp.start()) {
            RenderSettings routerOnly = new RenderSettings(dev.loomcrawl.scope.UrlPattern.compile("/router/|/$"),
                    Duration.ofSeconds(20), 0, 2, false);
            Crawl crawl = Crawl.of(config(app), ChromiumRenderer.start(routerOnly), null, Function.identity());
            assertTrue(crawl.records.get(app.url("/router/a")).rendered());
            assertFalse(crawl.records.get(app.url("/from-timer")).rendered());
            assertTrue(crawl.htmlPages().containsAll(paths(app, SinglePageApp.ROUTER_PAGES)));
        }
    }

    @Test
    void scrapingSelectorsRunOnTheRenderedDom() {
        try (TestSite app = SinglePageApp.start()) {
            SelectorScraper scraper = new SelectorScraper(Selector.parse("css:#json a"),
                    List.of(SelectorScraper.Field.parse("title=css:a")), null);
            Crawl crawl = Crawl.of(config(app), ChromiumRenderer.start(RenderSettings.everyPage()), scraper,
                    Function.identity());
            assertEquals(List.of("json 1", "json 2"), crawl.items.stream()
                    .filter(i -> i.page().toString().equals(app.url("/"))).map(i -> i.get("title")).toList());
        }
    }

    @Test
    void aScriptsRequestToAnAddressTheGuardRefusesNeverArrives() {
        try (TestSite secret = TestSite.builder().page("/secret", "secret").start()) {
            // 0.0.0.0 reaches this machine's loopback on Linux, but the guard refuses it (a "special" address)
            try (TestSite app = SinglePageApp.start(List.of("http://0.0.0.0:" + secret.port() + "/secret"))) {
                Crawl.of(config(app), ChromiumRenderer.start(RenderSettings.everyPage()), null, Function.identity());
                assertEquals(List.of(), secret.requests().stream().map(RecordedRequest::target).toList());
                // the same crawl with the guard off: the script's fetch goes through the crawl's fetcher and arrives
                Crawl.of(config(app).allowPrivate(true), ChromiumRenderer.start(RenderSettings.everyPage()), null,
                        Function.identity());
                assertTrue(secret.requestCount("/secret") > 0, "with --allow-private the request arrives");
                int arrived = secret.arrivals();
                // without robots.txt in the way, the guard itself refuses the address
                Crawl.of(config(app).ignoreRobots(true), ChromiumRenderer.start(RenderSettings.everyPage()), null,
                        Function.identity());
                assertEquals(arrived, secret.arrivals());
            }
        }
    }

    @Test
    void theWarcHoldsTheRequestsAndResponsesTheBrowserMade(@org.junit.jupiter.api.io.TempDir Path dir)
            throws java.io.IOException {
        try (TestSite app = SinglePageApp.start()) {
            Path warc = dir.resolve("crawl.warc.gz");
            Map<String, List<String>> types = new java.util.TreeMap<>(); // target -> record types, in file order
            Crawl.of(config(app), ChromiumRenderer.start(THREE_SCROLLS), null, Function.identity(),
                    journal -> WarcOutput.open(warc, 1L << 30, Map.of(), journal));
            for (Path file : out(dir)) {
                try (WarcReader reader = new WarcReader(file)) {
                    for (WarcRecord r : reader) {
                        if (r instanceof WarcTargetRecord t) {
                            types.computeIfAbsent(t.target(), k -> new java.util.ArrayList<>()).add(r.type());
                        }
                    }
                }
            }
            for (String fetchedByTheBrowser : List.of("/api/links.json", "/api/feed?page=1", "/api/feed?page=3")) {
                List<String> records = types.get(app.url(fetchedByTheBrowser));
                assertTrue(records != null && records.contains("request") && records.contains("response"),
                        fetchedByTheBrowser + ": " + records);
                assertTrue(records.contains("revisit"), "fetched again for the next page, the same payload: " + records);
            }
            assertEquals(List.of("request", "response", "metadata"), types.get(app.url("/")));
        }
    }

    private static List<Path> out(Path dir) throws java.io.IOException {
        try (var files = java.nio.file.Files.list(dir)) {
            return files.filter(f -> f.toString().endsWith(".warc.gz")).sorted().toList();
        }
    }

    @Test
    void withoutChromiumRenderFailsWithOneLineSayingHowToInstallIt() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> ChromiumRenderer.start(Path.of("/nonexistent/chromium"), RenderSettings.everyPage()));
        assertTrue(e.getMessage().contains("apt-get install chromium"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
    }

    @Test
    void pageFetchesAndTheBrowsersRequestsTogetherKeepToPerHost() {
        int pages = 10;
        Function<String, dev.loomcrawl.testkit.Route> routes = target -> {
            if (target.matches("/p\\d+")) {
                int i = Integer.parseInt(target.substring(2));
                StringBuilder html = new StringBuilder("<!doctype html><title>p").append(i).append("</title>");
                for (int k = 0; k < 4; k++) html.append("<script src=/s/").append(i).append('-').append(k)
                        .append(".js></script>");
                for (int k = 1; k <= 2 && i + k < pages; k++) html.append("<a href=/p").append(i + k).append(">n</a>");
                return new dev.loomcrawl.testkit.Route.Delay(Duration.ofMillis(100),
                        dev.loomcrawl.testkit.Route.Respond.html(html.toString()));
            }
            if (target.startsWith("/s/")) {
                return new dev.loomcrawl.testkit.Route.Delay(Duration.ofMillis(100), new dev.loomcrawl.testkit.Route
                        .Respond(200, Map.of("Content-Type", "text/javascript"), "void 0;".getBytes()));
            }
            return null;
        };
        try (TestSite site = TestSite.builder().generated(routes).start()) {
            Crawl crawl = Crawl.of(CrawlConfig.builder().root(site.url("/p0")).maxTasks(4).perHost(2)
                            .retryBackoff(Duration.ofMillis(5), Duration.ofMillis(50)),
                    ChromiumRenderer.start(new RenderSettings(null, Duration.ofSeconds(20), 0, 2, false)), null,
                    Function.identity());
            assertEquals(pages, crawl.htmlRecords().stream().filter(CrawlRecord::rendered).count());
            List<RecordedRequest> requests = site.requests().stream()
                    .filter(r -> !r.target().equals("/robots.txt")).toList();
            assertTrue(requests.stream().anyMatch(r -> r.target().startsWith("/s/")), "no script was requested");
            assertTrue(mostAtOnce(requests) <= 2, "at once: " + mostAtOnce(requests));
        }
    }

    /**
     * A page's script opens a WebRTC connection whose ICE servers (STUN, and TURN over UDP) are a UDP socket of this
     * test on 127.0.0.1: the browser has no network but the crawl's, so no packet arrives there. The page waits on a
     * slow answer meanwhile, so that it is not taken as settled before ICE gathering had its chance.
     */
    @Test
    void aPagesWebRtcSendsNoPacket() throws Exception {
        try (java.net.DatagramSocket udp = new java.net.DatagramSocket(0, java.net.InetAddress.getLoopbackAddress())) {
            AtomicLong packets = new AtomicLong();
            Thread listener = Thread.ofVirtual().start(() -> {
                byte[] buffer = new byte[2048];
                while (!udp.isClosed()) {
                    try {
                        udp.receive(new java.net.DatagramPacket(buffer, buffer.length));
                        packets.incrementAndGet();
                    } catch (java.io.IOException e) {
                        return;
                    }
                }
            });
            String ice = "127.0.0.1:" + udp.getLocalPort();
            String page = "<!doctype html><title>rtc</title><script>"
                    + "const pc = new (window.RTCPeerConnection || window.webkitRTCPeerConnection)({iceServers: ["
                    + "{urls: 'stun:" + ice + "'}, {urls: 'turn:" + ice + "?transport=udp', username: 'u', "
                    + "credential: 'p'}]});"
                    + "pc.createDataChannel('x'); pc.createOffer().then(o => pc.setLocalDescription(o));"
                    + "fetch('/slow').then(r => r.text()).then(t => document.body.append(t));</script>";
            Function<String, dev.loomcrawl.testkit.Route> routes = target -> switch (target) {
                case "/" -> dev.loomcrawl.testkit.Route.Respond.html(page);
                case "/slow" -> new dev.loomcrawl.testkit.Route.Delay(Duration.ofSeconds(3),
                        dev.loomcrawl.testkit.Route.Respond.html("slow"));
                default -> null;
            };
            try (TestSite site = TestSite.builder().generated(routes).start()) {
                Crawl crawl = Crawl.of(config(site), ChromiumRenderer.start(new RenderSettings(null,
                        Duration.ofSeconds(20), 0, 1, false)), null, Function.identity());
                assertTrue(crawl.records.get(site.url("/")).rendered());
                assertEquals(1, site.requestCount("/slow"), "the page waited on its slow request");
            }
            Thread.sleep(500); // a packet sent last still arrives
            udp.close();
            listener.join();
            assertEquals(0, packets.get(), "UDP packets from the browser's WebRTC");
        }
    }

    /**
     * A page's script fires many fetch() requests at its site: with --delay, the browser's requests keep the
     * origin's gap between starts, as the crawl's own fetches do (the site's log of request starts says so, less a
     * tolerance for the time from the crawler's start to the site's log). Before, one app page made about 2,000
     * requests in 3 s.
     */
    @Test
    void aPagesRequestsKeepTheOriginsDelay() {
        int calls = 10;
        Duration delay = Duration.ofMillis(400);
        String page = "<!doctype html><title>many</title><script>for (let i = 0; i < " + calls + "; i++) "
                + "fetch('/api/' + i, {cache: 'no-store'}).then(r => r.text()).then(t => document.body.append(t));"
                + "</script>";
        Function<String, dev.loomcrawl.testkit.Route> routes = target -> {
            if (target.equals("/")) return dev.loomcrawl.testkit.Route.Respond.html(page);
            if (target.startsWith("/api/")) {
                return new dev.loomcrawl.testkit.Route.Respond(200, Map.of("Content-Type", "text/plain",
                        "Cache-Control", "no-store"), target.getBytes());
            }
            return null;
        };
        try (TestSite site = TestSite.builder().generated(routes).start()) {
            Crawl crawl = Crawl.of(config(site).perHost(2).delay(delay), ChromiumRenderer.start(
                    new RenderSettings(null, Duration.ofSeconds(30), 0, 1, false)), null, Function.identity());
            assertTrue(crawl.records.get(site.url("/")).rendered());
            List<RecordedRequest> requests = site.requests().stream()
                    .filter(r -> !r.target().equals("/robots.txt"))
                    .sorted(java.util.Comparator.comparingLong(RecordedRequest::startNanos)).toList();
            assertEquals(calls, requests.stream().filter(r -> r.target().startsWith("/api/")).count(),
                    "every call was answered within the render timeout: " + requests);
            for (int i = 1; i < requests.size(); i++) {
                long gap = requests.get(i).startNanos() - requests.get(i - 1).startNanos();
                assertTrue(gap >= delay.toNanos() - Duration.ofMillis(150).toNanos(), "only " + gap / 1_000_000
                        + " ms from " + requests.get(i - 1).target() + " to " + requests.get(i).target());
            }
        }
    }

    @Test
    void pagesAreRenderedInKeptTabsAndAScriptHttpLetsBeReusedIsFetchedOnce() {
        int pages = 10;
        Function<String, dev.loomcrawl.testkit.Route> routes = target -> {
            if (target.matches("/p\\d+")) {
                int i = Integer.parseInt(target.substring(2));
                String next = i + 1 < pages ? "<a href=/p" + (i + 1) + ">next</a>" : "";
                return dev.loomcrawl.testkit.Route.Respond.html("<!doctype html><title>p" + i + "</title>"
                        + "<script src=/kept.js></script><script src=/not-kept.js></script>" + next);
            }
            if (target.startsWith("/made-by-")) return dev.loomcrawl.testkit.Route.Respond.html("<title>m</title>");
            String script = "document.addEventListener('DOMContentLoaded', () => { const a = document.createElement('a');"
                    + " a.href = '/made-by-" + target.substring(1, target.indexOf('.')) + "-' + location.pathname.slice(1);"
                    + " document.body.appendChild(a); });";
            if (target.equals("/kept.js")) {
                return new dev.loomcrawl.testkit.Route.Respond(200, Map.of("Content-Type", "text/javascript",
                        "Cache-Control", "max-age=600"), script.getBytes());
            }
            if (target.equals("/not-kept.js")) {
                return new dev.loomcrawl.testkit.Route.Respond(200, Map.of("Content-Type", "text/javascript",
                        "Cache-Control", "no-store"), script.getBytes());
            }
            return null;
        };
        try (TestSite site = TestSite.builder().generated(routes).start()) {
            ChromiumRenderer renderer = ChromiumRenderer.start(new RenderSettings(dev.loomcrawl.scope.UrlPattern.compile("/p"),
                    RenderSettings.TIMEOUT, 0, 1, false));
            Crawl crawl = Crawl.of(CrawlConfig.builder().root(site.url("/p0")).maxTasks(4).perHost(4)
                    .retryBackoff(Duration.ofMillis(5), Duration.ofMillis(50)), renderer, null, Function.identity());
            for (int i = 0; i < pages; i++) {
                assertTrue(crawl.htmlPages().contains(site.url("/made-by-kept-p" + i)), "p" + i + ": " + crawl.htmlPages());
                assertTrue(crawl.htmlPages().contains(site.url("/made-by-not-kept-p" + i)), "p" + i);
            }
            assertEquals(pages, crawl.htmlRecords().stream().filter(CrawlRecord::rendered).count());
            // each script is a link of the page too, which the crawl fetches once itself
            assertEquals(2, requestsFor(site, "/kept.js"), "fetched for the first page, then given from the crawl's "
                    + "browser cache");
            assertEquals(pages + 1, requestsFor(site, "/not-kept.js"), "no-store: fetched for every page");
            assertEquals(1, renderer.tabsOpened(), "one page at a time, each in the tab the first was rendered in");
        }
    }

    @Test
    void aPageIsWaitedForWhileAShortTimerIsPendingAndOneThatAlwaysHasOneStillSettles() {
        String tick = "<script>(function tick() { setTimeout(tick, 100); })();</script>";
        Function<String, dev.loomcrawl.testkit.Route> routes = target -> switch (target) {
            // a link from a timer of 900 ms, with no request before it (past the 500 ms a network-idle rule waits),
            // and one from JSON that the load event's handler fetches
            case "/" -> dev.loomcrawl.testkit.Route.Respond.html("<!doctype html><title>t</title><body><script>"
                    + "setTimeout(() => { const a = document.createElement('a'); a.href = '/late';"
                    + " document.body.appendChild(a); }, 900);"
                    + "addEventListener('load', () => fetch('/links.json').then(r => r.json()).then(links => {"
                    + " const a = document.createElement('a'); a.href = links[0]; document.body.appendChild(a); }));"
                    + "</script><a href=/ticking1>t</a>");
            case "/links.json" -> new dev.loomcrawl.testkit.Route.Respond(200, Map.of("Content-Type",
                    "application/json"), "[\"/from-load\"]".getBytes());
            case "/from-load" -> dev.loomcrawl.testkit.Route.Respond.html("<title>from load</title>");
            case "/ticking1" -> dev.loomcrawl.testkit.Route.Respond.html("<title>1</title>" + tick
                    + "<a href=/ticking2>t</a>");
            case "/ticking2" -> dev.loomcrawl.testkit.Route.Respond.html("<title>2</title>" + tick);
            case "/late" -> dev.loomcrawl.testkit.Route.Respond.html("<title>late</title>");
            default -> null;
        };
        try (TestSite site = TestSite.builder().generated(routes).start()) {
            ChromiumRenderer renderer = ChromiumRenderer.start(new RenderSettings(null, RenderSettings.TIMEOUT, 0, 1,
                    false));
            Crawl crawl = Crawl.of(CrawlConfig.builder().root(site.url("/")).maxTasks(2).perHost(2)
                    .retryBackoff(Duration.ofMillis(5), Duration.ofMillis(50)), renderer, null, Function.identity());
            assertTrue(crawl.htmlPages().contains(site.url("/late")), "the timer's link: " + crawl.htmlPages());
            assertTrue(crawl.htmlPages().contains(site.url("/from-load")), "the load handler's: " + crawl.htmlPages());
            assertEquals(5, crawl.htmlRecords().stream().filter(CrawlRecord::rendered).count());
            assertEquals(1, renderer.tabsOpened(), "every page settled before the render timeout, so its tab was kept");
        }
    }

    private static long requestsFor(TestSite site, String target) {
        return site.requests().stream().filter(r -> r.target().equals(target)).count();
    }

    /** The most requests the site was answering at one moment. */
    private static int mostAtOnce(List<RecordedRequest> requests) {
        List<long[]> events = new java.util.ArrayList<>();
        for (RecordedRequest r : requests) {
            events.add(new long[] {r.startNanos(), 1});
            events.add(new long[] {r.endNanos(), -1});
        }
        events.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1])); // ends first
        int now = 0;
        int most = 0;
        for (long[] e : events) most = Math.max(most, now += (int) e[1]);
        return most;
    }

    static CrawlConfig.Builder config(TestSite app) {
        return CrawlConfig.builder().root(app.url("/")).maxTasks(4).perHost(4)
                .retryBackoff(Duration.ofMillis(5), Duration.ofMillis(50));
    }

    static Set<String> paths(TestSite site, List<String> paths) {
        return paths.stream().map(site::url).collect(Collectors.toCollection(TreeSet::new));
    }

    /**
     * A finished crawl: every record by URL (two for one URL fail it) and the items scraped. {@code outputs} are
     * opened on the crawler's journal before the crawl and closed after the crawler, as the command line does.
     */
    record Crawl(Map<String, CrawlRecord> records, Queue<Item> items) {
        @SafeVarargs
        static Crawl of(CrawlConfig.Builder builder, ChromiumRenderer renderer, SelectorScraper scraper,
                        Function<Fetcher, Fetcher> fetchers, Function<Journal, ? extends CrawlOutput>... outputs) {
            CrawlConfig config = builder.build();
            Map<String, CrawlRecord> records = new ConcurrentHashMap<>();
            Queue<Item> items = new ConcurrentLinkedQueue<>();
            Fetcher fetcher = fetchers.apply(new JettyFetcher(config.clientSetup()));
            List<CrawlOutput> opened = new java.util.ArrayList<>();
            try {
                CrawlerBuilder built = Crawler.builder(config)
                        .frontier(new InMemoryFrontier(config.politeness().perHost(), Duration.ZERO))
                        .fetcher(fetcher)
                        .linkExtractor(new StreamingLinkExtractor())
                        .scope(new RootScope(config.scope()));
                if (renderer != null) built.renderer(renderer);
                if (scraper != null) built.pageHandler(scraper);
                try (Crawler crawler = built.build()) {
                    for (Function<Journal, ? extends CrawlOutput> output : outputs) {
                        opened.add(output.apply(crawler.journal()));
                    }
                    crawler.addListener(finished -> {
                        if (records.putIfAbsent(finished.record().url().toString(), finished.record()) != null) {
                            throw new AssertionError("two records for " + finished.record().url());
                        }
                        items.addAll(finished.items());
                    });
                    CrawlSummary summary = crawler.crawl();
                    assertTrue(summary.ledgerBalances(), summary.toString());
                }
            } finally {
                for (CrawlOutput output : opened) output.close();
            }
            return new Crawl(records, items);
        }

        List<CrawlRecord> htmlRecords() {
            return records.values().stream().filter(r -> r.contentType().equals("text/html")
                    && Integer.valueOf(200).equals(r.status())).toList();
        }

        Set<String> htmlPages() {
            return htmlRecords().stream().map(r -> r.url().toString()).collect(Collectors.toCollection(TreeSet::new));
        }
    }

    /** The crawl's fetcher, which runs {@code action} each time it is asked for a URL ending in {@code target}. */
    record KillingFetcher(Fetcher fetcher, String target, Runnable action) implements Fetcher {
        @Override
        public FetchResult fetch(WebUrl url, Validators validators) {
            if (url.toString().endsWith(target)) action.run();
            return fetcher.fetch(url, validators);
        }

        @Override
        public FetchResult head(WebUrl url) {
            return fetcher.head(url);
        }

        @Override
        public void cancelAll() {
            fetcher.cancelAll();
        }

        @Override
        public void close() {
            fetcher.close();
        }
    }
}
