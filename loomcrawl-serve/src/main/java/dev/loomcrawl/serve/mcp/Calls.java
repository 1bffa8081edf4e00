package dev.loomcrawl.serve.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The tool calls under way, so that a client's {@code notifications/cancelled} reaches the one it names. The SDK
 * hands a tool neither the request's id nor the cancellation, so each transport shows every incoming message here
 * first ({@link #incoming}): a {@code tools/call} gets its call's key (the session and the request id) put into its
 * {@code _meta} under {@link #KEY}, which the tool reads back; a cancellation runs what the call registered to stop
 * its work (a crawl's cancel, a wait's end).
 */
final class Calls {
    /** The {@code _meta} key of a call's key: loomcrawl's own, overwritten whatever a client sent in it. */
    static final String KEY = "dev.loomcrawl/call";
    /** Calls kept at most: one whose tool never ran (a bad request) must not stay for ever. */
    private static final int MAX = 10_000;

    private final Map<String, Running> running = new ConcurrentHashMap<>();

    /** A call's cancellation: set once, running what was registered, then anything registered later at once. */
    static final class Running {
        private final ReentrantLock lock = new ReentrantLock();
        private final List<Runnable> actions = new ArrayList<>();
        private volatile boolean cancelled;

        void onCancel(Runnable action) {
            lock.lock();
            try {
                if (!cancelled) {
                    actions.add(action);
                    return;
                }
            } finally {
                lock.unlock();
            }
            action.run();
        }

        void cancel() {
            List<Runnable> run;
            lock.lock();
            try {
                if (cancelled) return;
                cancelled = true;
                run = List.copyOf(actions);
            } finally {
                lock.unlock();
            }
            run.forEach(Runnable::run);
        }

        boolean cancelled() {
            return cancelled;
        }
    }

    /**
     * Looks at a message arriving on {@code session}: a tools/call is keyed (its {@code params._meta} changed in
     * place); a cancellation cancels its call and is answered here (true: do not pass it on).
     */
    boolean incoming(JsonNode message, String session) {
        if (!message.isObject()) return false;
        String method = message.path("method").asText("");
        if (method.equals("tools/call") && message.has("id") && message.path("params").isObject()) {
            String key = session + "/" + message.get("id");
            ObjectNode params = (ObjectNode) message.get("params");
            JsonNode meta = params.get("_meta");
            ObjectNode m = meta instanceof ObjectNode o ? o : params.putObject("_meta");
            m.put(KEY, key);
            if (running.size() >= MAX) running.clear();
            running.put(key, new Running());
            return false;
        }
        if (method.equals("notifications/cancelled")) {
            Running r = running.get(session + "/" + message.path("params").path("requestId"));
            if (r != null) r.cancel();
            return true;
        }
        return false;
    }

    /** The call a tool's request is, from its {@code _meta}; a fresh one when it has none (never cancelled). */
    Running of(Map<String, Object> meta) {
        Object key = meta == null ? null : meta.get(KEY);
        Running r = key == null ? null : running.get(key.toString());
        return r == null ? new Running() : r;
    }

    void done(Map<String, Object> meta) {
        Object key = meta == null ? null : meta.get(KEY);
        if (key != null) running.remove(key.toString());
    }
}
