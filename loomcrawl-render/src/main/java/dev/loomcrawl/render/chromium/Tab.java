package dev.loomcrawl.render.chromium;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

import static dev.loomcrawl.render.chromium.DevTools.JSON;

/**
 * A tab of the browser, in a browser context of its own, kept for one page after another (decision 31): opening a
 * tab costs a new renderer process and a few round trips, a tenth of a second or more, where the next page in a
 * kept tab costs a navigation. Every request it makes is paused ({@code Fetch.enable}) for the page being rendered
 * to answer ({@link TabRender}); between pages it is on {@code about:blank} and what it asks is refused.
 *
 * <p>Before any script of a page runs, {@link #TIMERS} wraps {@code setTimeout} to count the page's short timers
 * not yet run, so that waiting for a page to settle need not wait a fixed half second ({@link TabRender}).
 */
final class Tab {
    /**
     * Counts the page's pending timers of at most a second ({@code window.__loomcrawlTimers()}): a page with one is
     * about to change. A timer set by a timer's callback set by a timer's callback (a page that ticks) is not
     * counted, nor are longer timers, intervals, or timers given a string.
     */
    static final String TIMERS = """
            (() => {
              const set = window.setTimeout, clear = window.clearTimeout, live = new Set();
              let depth = 0;
              Object.defineProperty(window, '__loomcrawlTimers', { value: () => live.size });
              window.setTimeout = function (fn, delay, ...rest) {
                if (typeof fn !== 'function') return set(fn, delay, ...rest);
                const level = depth + 1, counted = level <= 3 && !(Number(delay) > 1000);
                const id = set(function () {
                  live.delete(id);
                  const outer = depth;
                  depth = level;
                  try { return fn.apply(this, rest); } finally { depth = outer; }
                }, delay);
                if (counted) live.add(id);
                return id;
              };
              window.clearTimeout = function (id) { live.delete(id); return clear(id); };
            })();
            """;

    final String context;
    final String targetId;
    final String sessionId;
    private final DevTools devTools;
    private final Duration timeout;
    private volatile CompletableFuture<Void> blank;
    /** Pages given to this tab so far; only the renderer's thread that holds the tab touches it. */
    int pages;

    private Tab(DevTools devTools, Duration timeout, String context, String targetId, String sessionId) {
        this.devTools = devTools;
        this.timeout = timeout;
        this.context = context;
        this.targetId = targetId;
        this.sessionId = sessionId;
    }

    /** Opens a tab in a new browser context, with its requests paused and its page events on. */
    static Tab open(DevTools devTools, Duration timeout) {
        String context = devTools.call(null, "Target.createBrowserContext", JSON.createObjectNode()
                .put("disposeOnDetach", true), timeout).path("browserContextId").asText();
        String targetId = devTools.call(null, "Target.createTarget", JSON.createObjectNode().put("url", "about:blank")
                .put("browserContextId", context), timeout).path("targetId").asText();
        String sessionId = devTools.call(null, "Target.attachToTarget", JSON.createObjectNode()
                .put("targetId", targetId).put("flatten", true), timeout).path("sessionId").asText();
        Tab tab = new Tab(devTools, timeout, context, targetId, sessionId);
        tab.listen(null);
        try {
            ObjectNode fetch = JSON.createObjectNode();
            fetch.putArray("patterns").addObject().put("urlPattern", "*").put("requestStage", "Request");
            tab.call("Fetch.enable", fetch);
            tab.call("Page.enable", null);
            tab.call("Page.addScriptToEvaluateOnNewDocument", JSON.createObjectNode().put("source", TIMERS));
        } catch (RuntimeException e) {
            tab.close();
            throw e;
        }
        return tab;
    }

    JsonNode call(String method, ObjectNode params) {
        return devTools.call(sessionId, method, params, timeout);
    }

    void send(String method, ObjectNode params) {
        devTools.send(sessionId, method, params);
    }

    /** Refuses a paused request with a network error ({@code errorReason}, as DevTools names them). */
    void fail(String requestId, String reason) {
        send("Fetch.failRequest", JSON.createObjectNode().put("requestId", requestId).put("errorReason", reason));
    }

    /** Gives the tab's events to {@code page}; null: between pages (requests refused). */
    void listen(Consumer<JsonNode> page) {
        devTools.listen(sessionId, page != null ? page : this::between);
    }

    /**
     * Takes the tab back from its page: to {@code about:blank} (the page's scripts and timers end, its memory can
     * go), waiting at most {@code wait} for that page's load, then tells the renderer memory is short (it lets go of
     * what it holds). False when it did not get there: close the tab.
     */
    boolean reset(Duration wait) {
        CompletableFuture<Void> loaded = new CompletableFuture<>();
        blank = loaded;
        listen(null);
        try {
            call("Page.navigate", JSON.createObjectNode().put("url", "about:blank"));
            loaded.get(wait.toMillis(), TimeUnit.MILLISECONDS);
            // what the renderer gathered for the page (caches, freed heap) is let go of now, not when memory is short:
            // a kept tab's renderer would otherwise keep the size of the largest page it rendered
            call("Memory.simulatePressureNotification", JSON.createObjectNode().put("level", "critical"));
            return true;
        } catch (RuntimeException | ExecutionException | TimeoutException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } finally {
            blank = null;
        }
    }

    /** Between pages: requests are refused, and the load of about:blank is awaited by {@link #reset}. */
    private void between(JsonNode message) {
        switch (message.path("method").asText()) {
            case "Fetch.requestPaused" -> fail(message.path("params").path("requestId").asText(), "Aborted");
            case "Page.loadEventFired" -> {
                CompletableFuture<Void> waiting = blank;
                if (waiting != null) waiting.complete(null);
            }
            default -> { }
        }
    }

    /** Closes the tab and its browser context (without waiting for the browser to confirm). */
    void close() {
        devTools.forget(sessionId);
        devTools.send(null, "Target.closeTarget", JSON.createObjectNode().put("targetId", targetId));
        devTools.send(null, "Target.disposeBrowserContext", JSON.createObjectNode().put("browserContextId", context));
    }
}
