package dev.loomcrawl.render.chromium;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loomcrawl.fetch.ErrorKind;
import dev.loomcrawl.fetch.FetchResult;
import dev.loomcrawl.render.BrowserRequests;
import dev.loomcrawl.render.Rendering;
import dev.loomcrawl.url.WebUrl;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.loomcrawl.render.chromium.DevTools.JSON;

/**
 * One page rendered in a {@link Tab} (kept from page to page, in a browser context of its own). Every request the
 * tab makes is paused and answered here: the page's own URL with the response the crawl already fetched, what an
 * earlier page left in the crawl's browser cache without a fetch, everything else through {@link BrowserRequests}
 * or refused ({@code Fetch.failRequest}). The page is done when it has settled ({@link #waitForIdle}).
 */
final class TabRender {
    private static final Logger log = LoggerFactory.getLogger(TabRender.class);
    /** A page has settled when no request is unanswered, none came for this long, and no short timer is pending. */
    static final Duration SETTLED = Duration.ofMillis(50);
    /** ...or when none came for this long, whatever its timers (a timer an interval or an animation frame sets). */
    static final Duration QUIET_MOST = Duration.ofSeconds(2);
    /**
     * Scrolls to the bottom and resolves once the page's scroll handlers have run: scroll events are dispatched
     * in the next frame, before its animation-frame callbacks (or after 1 s, should frames not come). The fallback
     * timer is cleared when the frames come: {@link Tab#TIMERS} counts it as the page's, and left pending it made
     * the wait for the page to settle after every scroll last that second.
     */
    static final String SCROLL = "new Promise(done => { window.scrollTo(0, document.documentElement.scrollHeight);"
            + " const late = setTimeout(() => done(true), 1000);"
            + " requestAnimationFrame(() => requestAnimationFrame(() => { clearTimeout(late); done(true); })); })";
    static final String TIMERS_PENDING = "typeof window.__loomcrawlTimers === 'function'"
            + " ? window.__loomcrawlTimers() : 0";
    private static final Set<String> HEAVY = Set.of("Image", "Media", "Font");
    /**
     * The most requests one page may have the crawl fetch for it; the rest are refused. A page's own script decides
     * how many it makes (one app page made about 2,000 in 3 s): bounded, and paced by the origin's gap, a script
     * that loops over fetch() costs the site a few hundred requests at most, in the origin's pace. HTTP Archive's
     * median page makes well under a hundred requests, images included (refused unless {@code --render-resources}).
     */
    static final int MAX_REQUESTS = 500;
    private static final Set<String> DROPPED_HEADERS = Set.of("content-encoding", "content-length",
            "transfer-encoding", "connection", "keep-alive");

    private final Tab tab;
    private final RenderSettings settings;
    private final FetchResult.Response page;
    private final BrowserRequests requests;
    private final AtomicInteger unanswered = new AtomicInteger();
    private final AtomicBoolean documentServed = new AtomicBoolean();
    private final CompletableFuture<Void> loaded = new CompletableFuture<>();
    private final List<FetchResult.Response> exchanges = Collections.synchronizedList(new ArrayList<>());
    private volatile long lastActivity = System.nanoTime();
    private volatile boolean gone;
    /** The page was taken as rendered: requests still waiting for their origin's turn are not sent. */
    private volatile boolean done;
    private final AtomicInteger fetched = new AtomicInteger();
    /** Whether the page settled within the render timeout each time it was waited for. */
    private boolean settled = true;

    TabRender(Tab tab, RenderSettings settings, FetchResult.Response page, BrowserRequests requests) {
        this.tab = tab;
        this.settings = settings;
        this.page = page;
        this.requests = requests;
    }

    /**
     * Loads the page, waits (to settle, and {@link RenderSettings#afterLoad} from its load event), scrolls, and reads
     * the DOM. Throws BrowserGoneException when the browser went. The tab
     * is the page's until this returns; {@link #settled()} says whether it may take another page.
     */
    Rendering.Rendered run() {
        try {
            return load();
        } finally {
            done = true;
        }
    }

    private Rendering.Rendered load() {
        long start = System.nanoTime();
        tab.listen(this::onEvent);
        tab.call("Page.navigate", JSON.createObjectNode().put("url", page.url().toString()));
        long deadline = start + settings.timeout().toNanos();
        while (!loaded.isDone() && System.nanoTime() < deadline) pause();
        settled = loaded.isDone();
        long load = System.nanoTime();
        waitForIdle(deadline);
        if (settings.afterLoad().isPositive()) { // the request's own wait, from the load event; then what it started
            long waited = load + settings.afterLoad().toNanos();
            while (System.nanoTime() < waited) pause();
            lastActivity = System.nanoTime();
            waitForIdle(System.nanoTime() + settings.timeout().toNanos());
        }
        long idle = System.nanoTime();
        for (int i = 0; i < settings.scrolls(); i++) {
            evaluate(SCROLL);
            lastActivity = System.nanoTime();
            waitForIdle(System.nanoTime() + settings.timeout().toNanos());
        }
        try {
            JsonNode dom = JSON.readTree(evaluate(
                    "JSON.stringify([document.documentElement.outerHTML, document.baseURI])").asText());
            WebUrl base = WebUrl.tryParse(dom.path(1).asText(), null);
            log.debug("{}: rendered in {} ms (load {}, settling {}, DOM {}), {} requests fetched", page.url(),
                    millis(start, System.nanoTime()), millis(start, load), millis(load, idle),
                    millis(idle, System.nanoTime()), exchanges.size());
            return new Rendering.Rendered(dom.path(0).asText(), base == null ? page.url() : base, exchanges);
        } catch (java.io.IOException e) {
            throw new DevTools.CommandException("the page's DOM did not come back as JSON: " + e.getMessage());
        }
    }

    /** Whether the page loaded and settled within the render timeout: then its tab can be given the next page. */
    boolean settled() {
        return settled && !gone;
    }

    private static long millis(long from, long to) {
        return (to - from) / 1_000_000;
    }

    /** Runs a script in the page (bounded by the render timeout) and returns its value. */
    private JsonNode evaluate(String expression) {
        JsonNode result = tab.call("Runtime.evaluate", JSON.createObjectNode().put("expression", expression)
                .put("returnByValue", true).put("awaitPromise", true).put("timeout", settings.timeout().toMillis()));
        if (result.has("exceptionDetails")) {
            throw new DevTools.CommandException("script failed: "
                    + result.path("exceptionDetails").path("text").asText());
        }
        return result.path("result").path("value");
    }

    /**
     * Waits until the page has settled: no request unanswered, none for {@link #SETTLED}, and none of the page's
     * short timers pending ({@link Tab#TIMERS}); or none for {@link #QUIET_MOST} whatever its timers; or until
     * {@code deadline}, when the DOM is taken as it is. A page with nothing left to do is done 50 ms after its load
     * event, where a fixed network-idle window would wait half a second on every page.
     */
    private void waitForIdle(long deadline) {
        while (System.nanoTime() < deadline) {
            long since = lastActivity;
            long quiet = System.nanoTime() - since;
            if (unanswered.get() == 0 && quiet >= QUIET_MOST.toNanos()) return;
            if (unanswered.get() == 0 && quiet >= SETTLED.toNanos() && evaluate(TIMERS_PENDING).asInt() == 0
                    && unanswered.get() == 0 && lastActivity == since) {
                return;
            }
            pause();
        }
        settled = false;
        log.debug("{}: network not idle within {}", page.url(), settings.timeout());
    }

    private void pause() {
        if (gone) throw new DevTools.BrowserGoneException("the browser went away while rendering " + page.url());
        try {
            Thread.sleep(10);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DevTools.BrowserGoneException("interrupted while rendering " + page.url());
        }
    }

    /** Called on the connection's thread: quick, and a paused request is answered on a virtual thread. */
    private void onEvent(JsonNode message) {
        switch (message.path("method").asText()) {
            case "Page.loadEventFired" -> {
                lastActivity = System.nanoTime(); // what the load event's handlers start is waited for too
                loaded.complete(null);
            }
            case "loomcrawl.gone" -> gone = true;
            case "Fetch.requestPaused" -> {
                unanswered.incrementAndGet();
                lastActivity = System.nanoTime();
                JsonNode params = message.path("params");
                Thread.ofVirtual().name("loomcrawl-render-request").start(() -> {
                    try {
                        answer(params);
                    } catch (RuntimeException e) {
                        log.debug("{}: answering {} failed: {}", page.url(), params.path("request").path("url"),
                                e.toString());
                    } finally {
                        lastActivity = System.nanoTime();
                        unanswered.decrementAndGet();
                    }
                });
            }
            default -> { }
        }
    }

    /** Answers one paused request: the page itself, a request the crawl makes for the browser, or a refusal. */
    private void answer(JsonNode paused) {
        String requestId = paused.path("requestId").asText();
        JsonNode request = paused.path("request");
        String type = paused.path("resourceType").asText();
        boolean mainFrame = paused.path("frameId").asText().equals(tab.targetId);
        if (type.equals("Document") && mainFrame) {
            if (documentServed.compareAndSet(false, true)) fulfil(requestId, page); // no second GET of the page
            else tab.fail(requestId, "Aborted"); // a script navigating away: the page stays this page
            return;
        }
        if (!request.path("method").asText().equals("GET")) {
            tab.fail(requestId, "BlockedByClient"); // the crawl only sends GETs
            return;
        }
        if (!settings.resources() && HEAVY.contains(type)) {
            tab.fail(requestId, "BlockedByClient");
            return;
        }
        WebUrl url = WebUrl.tryParse(request.path("url").asText(), null);
        if (url == null || !url.scheme().startsWith("http")) {
            tab.fail(requestId, "BlockedByClient");
            return;
        }
        FetchResult.Response kept = requests.reusable(url);
        if (kept != null) {
            fulfil(requestId, kept); // as from the browser's cache: no new exchange
            return;
        }
        int count = fetched.incrementAndGet();
        if (count > MAX_REQUESTS) {
            if (count == MAX_REQUESTS + 1) {
                log.info("{}: more than {} requests from one page; the rest are refused", page.url(), MAX_REQUESTS);
            }
            tab.fail(requestId, "BlockedByClient");
            return;
        }
        switch (requests.fetch(url, () -> done)) {
            case FetchResult.Response r -> {
                exchanges.add(r);
                fulfil(requestId, r);
            }
            case FetchResult.Failure f -> {
                log.debug("{}: the browser's request for {} refused: {} {}", page.url(), url, f.kind().label(),
                        f.message());
                tab.fail(requestId, errorReason(f.kind()));
            }
        }
    }

    private void fulfil(String requestId, FetchResult.Response r) {
        ObjectNode params = JSON.createObjectNode().put("requestId", requestId).put("responseCode", r.status());
        ArrayNode headers = params.putArray("responseHeaders");
        for (Map.Entry<String, String> h : r.headers()) {
            if (!DROPPED_HEADERS.contains(h.getKey())) {
                headers.addObject().put("name", h.getKey()).put("value", h.getValue());
            }
        }
        params.put("body", Base64.getEncoder().encodeToString(r.body()));
        tab.send("Fetch.fulfillRequest", params);
    }

    private static String errorReason(ErrorKind kind) {
        return switch (kind) {
            case BLOCKED -> "BlockedByClient";
            case TIMEOUT -> "TimedOut";
            case DNS -> "NameNotResolved";
            case REFUSED -> "ConnectionRefused";
            case UNREACHABLE -> "AddressUnreachable";
            case RESET -> "ConnectionReset";
            case CANCELLED -> "Aborted";
            default -> "Failed";
        };
    }
}
