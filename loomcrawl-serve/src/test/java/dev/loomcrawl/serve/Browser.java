package dev.loomcrawl.serve;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loomcrawl.testkit.ChromiumProfile;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

/**
 * A real headless Chromium for the tests, driven over the DevTools protocol: one page, navigated, and JavaScript
 * evaluated in it (to fill a form, click, and read what the page shows). Not the renderer's own driver, which is
 * made for crawling, not for playing a user.
 */
final class Browser implements AutoCloseable {
    static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final ObjectMapper JSON = new ObjectMapper();
    private final Process process;
    private final Path profile;
    private final WebSocket socket;
    private final AtomicInteger ids = new AtomicInteger();
    private final Map<Integer, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
    private final String session;

    private Browser(Process process, Path profile, URI endpoint) throws Exception {
        this.process = process;
        this.profile = profile;
        StringBuilder text = new StringBuilder();
        this.socket = HttpClient.newHttpClient().newWebSocketBuilder().buildAsync(endpoint, new WebSocket.Listener() {
            @Override
            public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
                text.append(data);
                if (last) {
                    JsonNode m;
                    try {
                        m = JSON.readTree(text.toString());
                    } catch (IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                    text.setLength(0);
                    CompletableFuture<JsonNode> f = m.has("id") ? pending.remove(m.get("id").asInt()) : null;
                    if (f != null) f.complete(m);
                }
                ws.request(1);
                return null;
            }
        }).get(30, TimeUnit.SECONDS);
        String target = call(null, "Target.createTarget", Map.of("url", "about:blank")).path("targetId").asText();
        this.session = call(null, "Target.attachToTarget", Map.of("targetId", target, "flatten", true))
                .path("sessionId").asText();
        call(session, "Page.enable", Map.of());
        call(session, "Runtime.enable", Map.of());
    }

    static boolean available() {
        return Files.isExecutable(CHROMIUM);
    }

    static Browser start(Path dir) throws Exception {
        Path profile = Files.createTempDirectory(dir, "chromium");
        Process p = new ProcessBuilder(CHROMIUM.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-dev-shm-usage", "--remote-debugging-port=0", "--user-data-dir=" + profile, "about:blank")
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        BufferedReader err = new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8));
        CompletableFuture<URI> endpoint = new CompletableFuture<>();
        Thread.ofVirtual().start(() -> {
            try {
                for (String line; (line = err.readLine()) != null; ) {
                    int at = line.indexOf("ws://");
                    if (line.startsWith("DevTools listening on") && at >= 0) endpoint.complete(URI.create(
                            line.substring(at).strip()));
                }
            } catch (IOException e) {
                endpoint.completeExceptionally(e);
            }
            endpoint.completeExceptionally(new IOException("chromium ended without a DevTools endpoint"));
        });
        try {
            return new Browser(p, profile, endpoint.get(60, TimeUnit.SECONDS));
        } catch (Exception e) {
            p.destroyForcibly();
            throw e;
        }
    }

    private JsonNode call(String sessionId, String method, Map<String, ?> params) throws Exception {
        int id = ids.incrementAndGet();
        ObjectNode m = JSON.createObjectNode();
        m.put("id", id);
        m.put("method", method);
        m.set("params", JSON.valueToTree(params));
        if (sessionId != null) m.put("sessionId", sessionId);
        CompletableFuture<JsonNode> f = new CompletableFuture<>();
        pending.put(id, f);
        socket.sendText(m.toString(), true).get(30, TimeUnit.SECONDS);
        JsonNode answer = f.get(60, TimeUnit.SECONDS);
        if (answer.has("error")) throw new IllegalStateException(method + ": " + answer.get("error"));
        return answer.path("result");
    }

    void go(String url) throws Exception {
        call(session, "Page.navigate", Map.of("url", url));
        await("document.readyState === 'complete' && location.href === " + JSON.writeValueAsString(url),
                30);
    }

    /** The value of {@code expression} (a string, number, boolean, or JSON-able value) in the page. */
    JsonNode eval(String expression) throws Exception {
        JsonNode r = call(session, "Runtime.evaluate", Map.of("expression", expression, "returnByValue", true,
                "awaitPromise", true));
        if (r.has("exceptionDetails")) throw new IllegalStateException(expression + ": " + r.get("exceptionDetails"));
        return r.path("result").path("value");
    }

    /** Waits until {@code expression} is true in the page. */
    void await(String expression, int seconds) throws Exception {
        await(expression, seconds, JsonNode::asBoolean);
    }

    JsonNode await(String expression, int seconds, Predicate<JsonNode> done) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        JsonNode v = null;
        while (System.nanoTime() < end) {
            v = eval(expression);
            if (done.test(v)) return v;
            Thread.sleep(100);
        }
        throw new AssertionError("after " + seconds + " s: " + expression + " is " + v + "; the page shows: "
                + eval("document.body.innerText"));
    }

    /**
     * Ends Chromium and every process it started, then deletes its profile ({@link ChromiumProfile}: its child
     * processes can outlive it by a moment, writing into the profile). A profile that cannot be deleted is left: the
     * temporary folder is JUnit's; it goes anyway.
     */
    @Override
    public void close() throws Exception {
        try {
            socket.abort();
        } finally {
            List<ProcessHandle> children = process.descendants().toList(); // before they lose their parent
            process.destroy();
            if (!process.waitFor(10, TimeUnit.SECONDS)) process.destroyForcibly().waitFor();
            children.forEach(ProcessHandle::destroyForcibly);
            ChromiumProfile.awaitEnd(children);
            try {
                ChromiumProfile.delete(profile);
            } catch (IOException e) {
                // the temporary folder is JUnit's; it goes anyway
            }
        }
    }

    List<String> texts(String selector) throws Exception {
        JsonNode v = eval("[...document.querySelectorAll(" + JSON.writeValueAsString(selector)
                + ")].map(e => e.textContent)");
        return JSON.convertValue(v, JSON.getTypeFactory().constructCollectionType(List.class,
                String.class));
    }
}
