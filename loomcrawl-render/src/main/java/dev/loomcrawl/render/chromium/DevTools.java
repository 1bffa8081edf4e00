package dev.loomcrawl.render.chromium;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * A Chrome DevTools Protocol connection over the JDK's WebSocket client: commands by id, each answered through
 * a future, and events handed to the listener of their session (flat sessions: one per tab, named in every
 * message). When the browser goes away, every command waiting and every later one fails with
 * {@link BrowserGoneException}.
 */
final class DevTools implements AutoCloseable {
    static final ObjectMapper JSON = new ObjectMapper();

    private final WebSocket socket;
    private final AtomicInteger ids = new AtomicInteger();
    private final Map<Integer, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
    private final Map<String, Consumer<JsonNode>> sessions = new ConcurrentHashMap<>();
    private final ReentrantLock sending = new ReentrantLock(); // guards lastSend: links, never waits
    private CompletableFuture<?> lastSend = CompletableFuture.completedFuture(null);
    private volatile String gone;

    private DevTools(WebSocket.Builder builder, URI uri, Duration timeout) throws IOException {
        try {
            socket = builder.buildAsync(uri, new Listener()).get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new IOException("cannot connect to the browser at " + uri + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted connecting to the browser", e);
        }
    }

    static DevTools connect(URI uri, Duration timeout) throws IOException {
        HttpClient client = HttpClient.newBuilder().connectTimeout(timeout).build();
        return new DevTools(client.newWebSocketBuilder().connectTimeout(timeout), uri, timeout);
    }

    /** Events of {@code sessionId} (a tab) go to {@code listener} until {@link #forget}. */
    void listen(String sessionId, Consumer<JsonNode> listener) {
        sessions.put(sessionId, listener);
    }

    void forget(String sessionId) {
        sessions.remove(sessionId);
    }

    /**
     * Sends a command ({@code sessionId} null: to the browser) and waits up to {@code timeout} for its result.
     * Throws {@link BrowserGoneException} when the browser went away or did not answer in time (it is hung), and
     * {@link CommandException} when it answered with an error.
     */
    JsonNode call(String sessionId, String method, ObjectNode params, Duration timeout) {
        CompletableFuture<JsonNode> answer = send(sessionId, method, params);
        try {
            return answer.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new BrowserGoneException("the browser did not answer " + method + " within " + timeout);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) throw r;
            throw new BrowserGoneException(String.valueOf(e.getCause()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BrowserGoneException("interrupted waiting for " + method);
        } finally {
            answer.cancel(false);
        }
    }

    /** Sends a command without waiting for its result (the answer to a paused request, say). */
    CompletableFuture<JsonNode> send(String sessionId, String method, ObjectNode params) {
        int id = ids.incrementAndGet();
        CompletableFuture<JsonNode> answer = new CompletableFuture<>();
        answer.whenComplete((r, t) -> pending.remove(id));
        pending.put(id, answer);
        if (gone != null) {
            answer.completeExceptionally(new BrowserGoneException(gone));
            return answer;
        }
        ObjectNode message = JSON.createObjectNode().put("id", id).put("method", method);
        if (sessionId != null) message.put("sessionId", sessionId);
        message.set("params", params == null ? JSON.createObjectNode() : params);
        String text = message.toString();
        sending.lock();
        try { // only links the send after the last one (the socket takes one at a time); nothing waits here
            lastSend = lastSend.handle((r, t) -> null).thenCompose(v -> socket.sendText(text, true));
            lastSend.whenComplete((r, t) -> {
                if (t != null) wentAway("cannot send to the browser: " + t.getMessage());
            });
        } finally {
            sending.unlock();
        }
        return answer;
    }

    boolean isOpen() {
        return gone == null;
    }

    private void dispatch(String text) {
        JsonNode message;
        try {
            message = JSON.readTree(text);
        } catch (IOException e) {
            return; // not JSON: nothing waits on it
        }
        if (message.has("id")) {
            CompletableFuture<JsonNode> answer = pending.get(message.get("id").asInt());
            if (answer == null) return;
            if (message.has("error")) {
                answer.completeExceptionally(new CommandException(message.get("error").path("message").asText()));
            } else {
                answer.complete(message.path("result"));
            }
        } else {
            Consumer<JsonNode> listener = sessions.get(message.path("sessionId").asText(""));
            if (listener != null) listener.accept(message);
        }
    }

    private void wentAway(String why) {
        if (gone == null) gone = why;
        BrowserGoneException e = new BrowserGoneException(why);
        pending.values().forEach(f -> f.completeExceptionally(e));
        sessions.values().forEach(l -> l.accept(JSON.createObjectNode().put("method", "loomcrawl.gone")));
    }

    @Override
    public void close() {
        socket.abort();
        wentAway("closed");
    }

    private final class Listener implements WebSocket.Listener {
        private final StringBuilder partial = new StringBuilder();

        @Override
        public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                String text = partial.toString();
                partial.setLength(0);
                dispatch(text);
            }
            ws.request(1);
            return null;
        }

        @Override
        public CompletionStage<?> onClose(WebSocket ws, int status, String reason) {
            wentAway("the browser closed its connection (" + status + ")");
            return null;
        }

        @Override
        public void onError(WebSocket ws, Throwable error) {
            wentAway("the browser's connection failed: " + error);
        }
    }

    /** The browser went away (it crashed, was killed, or hangs): restart it and try the page again. */
    static final class BrowserGoneException extends RuntimeException {
        BrowserGoneException(String message) {
            super(message);
        }
    }

    /** The browser answered a command with an error. */
    static final class CommandException extends RuntimeException {
        CommandException(String message) {
            super(message);
        }
    }
}
