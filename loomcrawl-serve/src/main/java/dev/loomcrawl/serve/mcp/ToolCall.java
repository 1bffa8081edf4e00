package dev.loomcrawl.serve.mcp;

import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A tool call under way: its arguments, read with clear mistakes, progress sent to the client when it asked for it
 * (a {@code progressToken}), and its cancellation by the client ({@code notifications/cancelled}).
 */
final class ToolCall {
    private final Map<String, Object> args;
    private final McpSyncServerExchange exchange;
    private final Object progressToken;
    private final Calls.Running running;

    ToolCall(Map<String, Object> args, McpSyncServerExchange exchange, Object progressToken, Calls.Running running) {
        this.args = args == null ? Map.of() : args;
        this.exchange = exchange;
        this.progressToken = progressToken;
        this.running = running;
    }

    /** A caller's mistake (a missing or wrong argument, a refused URL): answered as a tool error, in one line. */
    static final class Mistake extends RuntimeException {
        Mistake(String message) {
            super(message, null, false, false);
        }
    }

    String string(String name) {
        Object v = args.get(name);
        if (v == null) throw new Mistake("argument '" + name + "' is required");
        if (!(v instanceof String s)) throw new Mistake("argument '" + name + "' must be a string");
        return s;
    }

    String string(String name, String otherwise) {
        return args.get(name) == null ? otherwise : string(name);
    }

    boolean bool(String name, boolean otherwise) {
        Object v = args.get(name);
        if (v == null) return otherwise;
        if (!(v instanceof Boolean b)) throw new Mistake("argument '" + name + "' must be true or false");
        return b;
    }

    long integer(String name, long min, long max, long otherwise) {
        Object v = args.get(name);
        if (v == null) return otherwise;
        if (!(v instanceof Number n) || n.doubleValue() != Math.rint(n.doubleValue())) {
            throw new Mistake("argument '" + name + "' must be an integer");
        }
        if (n.longValue() < min || n.longValue() > max) {
            throw new Mistake("argument '" + name + "' must be between " + min + " and " + max + ", got " + n);
        }
        return n.longValue();
    }

    List<String> strings(String name) {
        Object v = args.get(name);
        if (v == null) return List.of();
        if (v instanceof String s) return List.of(s);
        if (!(v instanceof List<?> l)) throw new Mistake("argument '" + name + "' must be a list of strings");
        List<String> out = new ArrayList<>();
        for (Object o : l) {
            if (!(o instanceof String s)) throw new Mistake("argument '" + name + "' must be a list of strings");
            out.add(s);
        }
        return out;
    }

    /** The argument as given (a string, number, boolean or list), or null. */
    Object raw(String name) {
        return args.get(name);
    }

    /** Tells the client how far the call is, when it asked to be told; never fails the call. */
    void progress(double done, Double total, String message) {
        if (progressToken == null || exchange == null) return;
        try {
            exchange.progressNotification(new McpSchema.ProgressNotification(progressToken, done, total, message,
                    null));
        } catch (RuntimeException e) {
            // the client went away: the call ends on its own, or by its cancellation
        }
    }

    /** Has {@code action} run when the client cancels the call (at once if it has already). */
    void onCancel(Runnable action) {
        running.onCancel(action);
    }

    boolean cancelled() {
        return running.cancelled();
    }
}
