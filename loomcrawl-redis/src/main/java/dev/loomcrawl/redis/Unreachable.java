package dev.loomcrawl.redis;

import io.lettuce.core.RedisCommandExecutionException;

import javax.net.ssl.SSLException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.util.HashSet;
import java.util.Set;

/**
 * Why a first connection to Redis could not be made, in a few words of loomcrawl's: the same line whichever command
 * connects (crawl, a process joining a shared crawl, status, report), whether the server is one or a cluster's node,
 * and whatever Lettuce wraps the cause in (its own messages, such as
 * "Unable to connect to 127.0.0.1/<unresolved>:6379", vary with the path and the timing). The cause is found in the
 * exception's chain and in what it suppressed, which is where the cluster client puts each node's failure.
 */
final class Unreachable {
    private Unreachable() {}

    /** The line: {@code cannot reach Redis at WHERE: WHY}. */
    static String line(String where, Throwable e) {
        return "cannot reach Redis at " + where + ": " + why(e);
    }

    static String why(Throwable e) {
        String why = find(e, new HashSet<>());
        if (why != null) return why;
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) root = root.getCause();
        String message = root.getMessage();
        return message == null || message.startsWith("Unable to connect to") ? "cannot connect" : message;
    }

    private static String find(Throwable t, Set<Throwable> seen) {
        if (t == null || !seen.add(t)) return null;
        String why = switch (t) {
            case NoRouteToHostException x -> "no route to the host";
            case ConnectException x -> "connection refused (is a Redis server listening there?)";
            case UnknownHostException x -> "no such host";
            case SocketTimeoutException x -> "no answer within 5 s";
            case SSLException x -> "TLS failed: " + x.getMessage();
            case RedisCommandExecutionException x -> x.getMessage(); // NOAUTH, WRONGPASS: the server's words
            default -> t.getClass().getSimpleName().equals("ConnectTimeoutException") ? "no answer within 5 s" : null;
        };
        if (why != null) return why;
        why = find(t.getCause(), seen);
        for (Throwable s : t.getSuppressed()) {
            if (why == null) why = find(s, seen);
        }
        return why;
    }
}
