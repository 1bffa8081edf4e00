package dev.loomcrawl.redis;

import io.lettuce.core.AbstractRedisClient;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisBusyException;
import io.lettuce.core.RedisChannelHandler;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisConnectionStateListener;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisCommandInterruptedException;
import io.lettuce.core.RedisException;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.RedisLoadingException;
import io.lettuce.core.RedisNoScriptException;
import io.lettuce.core.RedisURI;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.api.StatefulConnection;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.cluster.ClusterClientOptions;
import io.lettuce.core.event.connection.ReconnectFailedEvent;
import io.lettuce.core.cluster.ClusterTopologyRefreshOptions;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;
import io.lettuce.core.pubsub.RedisPubSubAdapter;
import io.lettuce.core.pubsub.StatefulRedisPubSubConnection;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.Delay;
import org.slf4j.Logger;
import reactor.core.Disposable;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongConsumer;

/**
 * One connection to Redis (Lettuce: thread-safe, multiplexed, so every virtual thread of the crawl shares it;
 * its locks are ReentrantLocks, which park a virtual thread without pinning it). Calls ride out a Redis
 * outage: a lost connection, a server still loading its AOF, a script cache emptied by a restart, a cluster
 * failing over (CLUSTERDOWN, TRYAGAIN, MASTERDOWN, READONLY) are retried with backoff until the outage has
 * lasted {@code patience} ({@link Outage}), then reported as a {@link RedisCrawlException} in one line.
 *
 * <p>The server given may be one node of a Redis Cluster ({@code cluster_enabled:1}): the link then uses
 * Lettuce's cluster client, which learns the cluster's nodes from it, sends each command to the master of its
 * key's slot and follows the cluster's topology as it changes (a replica promoted when its master dies). The
 * rest of the code sees the commands both clients share ({@link RedisClusterCommands}).
 */
final class RedisLink implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(RedisLink.class);

    private final AbstractRedisClient client;
    private final StatefulConnection<String, String> connection;
    private final RedisClusterCommands<String, String> sync;
    private final RedisClusterAsyncCommands<String, String> async;
    private final boolean cluster;
    private final String where;
    private final Outage outage;
    private final ThreadLocal<Boolean> repeated = ThreadLocal.withInitial(() -> false);
    private final LongAdder waits = new LongAdder();
    private final Disposable reconnects;
    private volatile String reconnectFailure; // why the last reconnect failed, for the line a process stops with

    private RedisLink(RedisClient client, StatefulRedisConnection<String, String> connection, String where,
                      Duration patience) {
        this.client = client;
        this.connection = connection;
        this.sync = connection.sync();
        this.async = connection.async();
        this.cluster = false;
        this.where = where;
        this.outage = new Outage(where, patience);
        this.reconnects = watchReconnects(client);
    }

    private RedisLink(RedisClusterClient client, StatefulRedisClusterConnection<String, String> connection,
                      String where, Duration patience) {
        this.client = client;
        this.connection = connection;
        this.sync = connection.sync();
        this.async = connection.async();
        this.cluster = true;
        this.where = where;
        this.outage = new Outage(where, patience);
        this.reconnects = watchReconnects(client);
    }

    /** Remembers why each reconnect fails: a call rejected while disconnected says only that it is not connected. */
    private Disposable watchReconnects(AbstractRedisClient client) {
        return client.getResources().eventBus().get()
                .filter(ReconnectFailedEvent.class::isInstance)
                .subscribe(event -> reconnectFailure = rootMessage(((ReconnectFailedEvent) event).getCause()));
    }

    /** Why a call failed, in words: when only "not connected", why the connection could not be made again. */
    private String why(RedisException e) {
        String why = rootMessage(e);
        String reconnect = reconnectFailure;
        if (reconnect != null && (why.startsWith("Currently not connected") || why.startsWith("Connection disconnected"))) {
            return "not connected: " + reconnect;
        }
        return why;
    }

    /** {@link #connect}, then a PING answered (within the outage bound), or the link closed and one line. */
    static RedisLink connectAnswering(String uri, Duration patience) {
        RedisLink redis = connect(uri, patience);
        try {
            redis.call(r -> r.ping());
        } catch (RedisCrawlException e) {
            redis.close();
            throw e;
        }
        return redis;
    }

    /** Connects to {@code redis://[user:pass@]host:port[/db]}; a bad URI or an unreachable server is one line. */
    static RedisLink connect(String uri, Duration patience) {
        RedisURI redisUri;
        try {
            redisUri = RedisURI.create(uri);
        } catch (IllegalArgumentException e) {
            throw new RedisCrawlException("not a Redis URI: " + uri + " (expected redis://[user:pass@]host:port[/db])");
        }
        if (!redisUri.toURI().getScheme().startsWith("redis") || redisUri.getHost() == null
                || redisUri.getHost().contains(",")) { // one host: a cluster is found from any of its nodes
            throw new RedisCrawlException("not a Redis URI: " + uri + " (expected redis://host:port[/db])");
        }
        RedisURI probe = RedisURI.builder(redisUri).withDatabase(0).build(); // a cluster refuses SELECT
        RedisLink single = connectSingle(probe, patience, where(redisUri));
        boolean clustered;
        try {
            clustered = single.call(r -> r.info("cluster")).contains("cluster_enabled:1");
        } catch (RedisCrawlException e) {
            single.close();
            throw e;
        }
        if (clustered) {
            single.close();
            return connectCluster(redisUri, patience);
        }
        if (redisUri.getDatabase() == 0) return single;
        single.close();
        return connectSingle(redisUri, patience, where(redisUri));
    }

    /** Where a URI's server is, as the lines about it say it: {@code host:port/db}. */
    private static String where(RedisURI redisUri) {
        return redisUri.getHost() + ":" + redisUri.getPort() + "/" + redisUri.getDatabase();
    }

    private static RedisLink connectSingle(RedisURI redisUri, Duration patience, String where) {
        RedisClient client = RedisClient.create(resources(), redisUri);
        client.setOptions(reconnecting(ClientOptions.builder()).build());
        try {
            return new RedisLink(client, client.connect(), where, patience);
        } catch (RedisException e) {
            shutDown(client);
            throw new RedisCrawlException(Unreachable.line(where, e));
        }
    }

    private static final SocketOptions SOCKET = SocketOptions.builder().connectTimeout(Duration.ofSeconds(5)).build();

    /**
     * What a connection to one server and to a cluster alike do: reconnect by themselves, give up connecting
     * after 5 s, and on a command after 10 s. While disconnected, a command fails at once, and so do those in
     * flight when the connection drops, instead of waiting there for the command timeout: {@link #call} repeats
     * them with its own backoff, so that an outage is timed from its start and a process gives up once it has
     * lasted {@code --redis-outage}, not a multiple of the command timeout later.
     */
    private static <B extends ClientOptions.Builder> B reconnecting(B options) {
        options.autoReconnect(true)
                .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
                .socketOptions(SOCKET)
                .timeoutOptions(TimeoutOptions.enabled(Duration.ofSeconds(10)));
        return options;
    }

    /**
     * Lettuce's resources, with reconnect attempts at most 1 s apart (its default backs off to 30 s, so a process
     * could go on waiting half a minute for a server that had come back).
     */
    private static ClientResources resources() {
        return ClientResources.builder()
                .reconnectDelay(Delay.exponential(Duration.ofMillis(10), Duration.ofSeconds(1), 2, TimeUnit.MILLISECONDS))
                .build();
    }

    /**
     * Connects to the cluster {@code seed} is a node of. The client refreshes its view of the cluster every 2 s,
     * and at once on a MOVED reply or a reconnect that keeps failing: after a master dies, the commands for its
     * slots go to the replica that took its place. A command that fails meanwhile is retried by {@link #call}.
     */
    private static RedisLink connectCluster(RedisURI seed, Duration patience) {
        String where = seed.getHost() + ":" + seed.getPort() + " (cluster)";
        if (seed.getDatabase() != 0) {
            throw new RedisCrawlException("Redis at " + where + " is a cluster, which has only database 0; "
                    + "leave /" + seed.getDatabase() + " out of the URI");
        }
        RedisClusterClient client = RedisClusterClient.create(resources(), seed);
        // a command for a node that is down fails at once (and is retried by call): once a replica is promoted,
        // the retry goes to it
        client.setOptions(reconnecting(ClusterClientOptions.builder())
                .topologyRefreshOptions(ClusterTopologyRefreshOptions.builder()
                        .enablePeriodicRefresh(Duration.ofSeconds(2))
                        .enableAllAdaptiveRefreshTriggers()
                        .refreshTriggersReconnectAttempts(2)
                        .build())
                .build());
        try {
            return new RedisLink(client, client.connect(), where, patience);
        } catch (RedisException e) {
            shutDown(client);
            throw new RedisCrawlException(Unreachable.line(where, e));
        }
    }

    /**
     * How many times a thread waited for Redis so far: each {@link #call} and {@link #run} (and each of their
     * repeats), and each {@link #runAll} however many scripts it sends. What is sent without waiting is not counted.
     */
    long waits() {
        return waits.sum();
    }

    /** Whether this link goes to a Redis Cluster. */
    boolean cluster() {
        return cluster;
    }

    /**
     * Subscribes to {@code channel} on a connection of its own (a subscribed connection can do nothing else);
     * {@code onMessage} runs on Lettuce's event loop, so it must not block. Closing the result unsubscribes.
     */
    AutoCloseable subscribe(String channel, Runnable onMessage) {
        StatefulRedisPubSubConnection<String, String> pubSub = client instanceof RedisClusterClient c
                ? c.connectPubSub() : ((RedisClient) client).connectPubSub();
        pubSub.addListener(new RedisPubSubAdapter<>() {
            @Override
            public void message(String ch, String message) {
                onMessage.run();
            }
        });
        pubSub.sync().subscribe(channel);
        return pubSub::close;
    }

    /** Runs {@code action} on Lettuce's event loop each time the connection drops (before it reconnects). */
    void onDisconnect(Runnable action) {
        client.addListener(new RedisConnectionStateListener() {
            @Override
            public void onRedisDisconnected(RedisChannelHandler<?, ?> connection) {
                action.run();
            }
        });
    }

    /** Where this link goes, for messages: host:port/db. */
    String where() {
        return where;
    }

    /**
     * Runs a script on the keys of one hash tag; its reply is a list of integers and strings. A server that
     * does not know the script (new, restarted, or a replica just promoted) is sent its text (EVAL caches it),
     * on the node of the keys' slot.
     */
    List<Object> run(Script script, String[] keys, String... args) {
        return call(redis -> {
            try {
                return redis.evalsha(script.sha(), ScriptOutputType.MULTI, keys, args);
            } catch (RedisNoScriptException e) {
                return redis.eval(script.text(), ScriptOutputType.MULTI, keys, args);
            }
        });
    }

    /**
     * Sends a script without waiting for its answer (commands on one connection run in the order sent). If the
     * server forgot the script, its text is sent (EVAL); any other failure is logged and dropped, so only
     * use this for what a later call repairs (the schedule's hints: a sweep puts every origin back).
     */
    void send(Script script, String[] keys, String... args) {
        send(script, keys, reply -> {}, args);
    }

    /**
     * As {@link #send(Script, String[], String...)}, and {@code then} is given the script's reply when it comes, on
     * Lettuce's event loop (so it must not wait for anything); a lost script never calls it.
     */
    void send(Script script, String[] keys, Consumer<List<Object>> then, String... args) {
        async.<List<Object>>evalsha(script.sha(), ScriptOutputType.MULTI, keys, args).whenComplete((reply, e) -> {
            if (e instanceof RedisNoScriptException) {
                async.<List<Object>>eval(script.text(), ScriptOutputType.MULTI, keys, args)
                        .whenComplete((again, e2) -> replied(script, again, e2, then));
            } else {
                replied(script, reply, e, then);
            }
        });
    }

    private void replied(Script script, List<Object> reply, Throwable e, Consumer<List<Object>> then) {
        if (e != null) log.debug("Redis at {}: a {} was lost: {}", where, script, rootMessage(e));
        else then.accept(reply);
    }

    /**
     * Runs a script on each of several key sets, with its own arguments each, at once (pipelined: one round trip's
     * wait for all of them, not one each); the replies come in the order of {@code keySets}. Retried as a whole,
     * like {@link #call}, so the script must be safe to repeat.
     */
    List<List<Object>> runAll(Script script, List<String[]> keySets, List<String[]> argSets) {
        return call(redis -> {
            List<RedisFuture<List<Object>>> sent = new ArrayList<>(keySets.size());
            for (int i = 0; i < keySets.size(); i++) {
                sent.add(async.evalsha(script.sha(), ScriptOutputType.MULTI, keySets.get(i), argSets.get(i)));
            }
            List<List<Object>> replies = new ArrayList<>(keySets.size());
            for (int i = 0; i < sent.size(); i++) {
                try {
                    replies.add(sent.get(i).get());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new RedisCommandInterruptedException(e);
                } catch (ExecutionException e) {
                    if (e.getCause() instanceof RedisNoScriptException) {
                        replies.add(redis.eval(script.text(), ScriptOutputType.MULTI, keySets.get(i), argSets.get(i)));
                    } else if (e.getCause() instanceof RedisException re) {
                        throw re;
                    } else {
                        throw new RedisException(e.getCause());
                    }
                }
            }
            return replies;
        });
    }

    /** Runs a script once, waiting at most 2 s for it, for what may be lost (a last word before closing). */
    void runBriefly(Script script, String[] keys, String... args) {
        try {
            async.<Object>evalsha(script.sha(), ScriptOutputType.MULTI, keys, args).get(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            log.debug("Redis at {}: a {} was lost: {}", where, script, rootMessage(e));
        }
    }

    /**
     * Adds {@code n} to a hash's field without waiting; {@code total} is told the field's new value when it
     * comes. A failure is logged and the addition lost (use it for counts that may fall a little short).
     */
    void addLater(String key, String field, long n, LongConsumer total) {
        async.hincrby(key, field, n).whenComplete((value, e) -> {
            if (e != null) log.debug("Redis at {}: an addition to {} was lost: {}", where, key, rootMessage(e));
            else total.accept(value);
        });
    }

    /**
     * Runs plain commands. A call that fails because Redis went away is repeated once it is back, so a call
     * must be safe to repeat: every script here is (a repeated lease is a leaked lease, which runs out).
     */
    <T> T call(Function<RedisClusterCommands<String, String>, T> commands) {
        long wait = 50;
        boolean failed = false;
        repeated.set(false);
        while (true) {
            if (outage.overBound()) { // another call gave up: so does this one, without a wait of its own
                if (failed) outage.ended(false);
                throw lost(null);
            }
            long tried = System.nanoTime();
            try {
                waits.increment();
                T result = commands.apply(sync);
                if (failed) outage.ended(true);
                return result;
            } catch (RedisCommandInterruptedException e) {
                if (failed) outage.ended(false);
                Thread.currentThread().interrupt();
                throw new RedisCrawlException("interrupted while waiting for Redis at " + where, e);
            } catch (RedisException e) {
                if (!passing(e)) {
                    if (failed) outage.ended(false);
                    throw new RedisCrawlException("Redis at " + where + " refused a command: " + e.getMessage(), e);
                }
                outage.failed(!failed, why(e), tried);
                failed = true;
                if (outage.overBound()) {
                    outage.ended(false);
                    throw lost(e);
                }
            }
            repeated.set(true);
            try {
                sleep(wait);
            } catch (RedisCrawlException e) {
                outage.ended(false);
                throw e;
            }
            wait = Math.min(wait * 2, 1000);
        }
    }

    /** Replies of a server that is restarting or failing over, as opposed to a refusal of the command itself. */
    private static final List<String> PASSING = List.of("CLUSTERDOWN", "TRYAGAIN", "LOADING", "MASTERDOWN",
            "READONLY", "NOREPLICAS");

    /** Whether {@code e} passes when Redis comes back (an outage), rather than refusing the command for good. */
    static boolean passing(RedisException e) {
        if (e instanceof RedisNoScriptException || e instanceof RedisLoadingException
                || e instanceof RedisBusyException) {
            return true;
        }
        if (!(e instanceof RedisCommandExecutionException)) return true; // connection lost, timed out, no node
        String message = e.getMessage() == null ? "" : e.getMessage();
        return PASSING.stream().anyMatch(message::startsWith);
    }

    /** Whether an outage has outlasted the bound: every call now fails at once, and this link is done with. */
    boolean gaveUp() {
        return outage.overBound();
    }

    /** Runs {@code action} at the end of each outage, on the thread that saw Redis back; it must not block long. */
    void onRecovery(Runnable action) {
        outage.onRecovery(action);
    }

    /**
     * Whether this thread's last call had to be repeated: its first try may have taken effect with its answer
     * lost, so a refusal on the repeat can be the first try's success.
     */
    boolean lastCallRepeated() {
        return repeated.get();
    }

    /** The one line a process stops with; {@code e} is what the call saw, null when another call gave up first. */
    private RedisCrawlException lost(RedisException e) {
        String message = "lost Redis at " + where + " for more than " + outage.bound().toSeconds() + " s (--redis-outage)";
        return e == null ? RedisCrawlException.outage(message + ": " + outage.why(), null)
                : RedisCrawlException.outage(message + ": " + why(e), e);
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) t = t.getCause();
        String message = t.getMessage();
        return message == null ? "the connection failed, with no reason given" : message;
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RedisCrawlException("interrupted while waiting for Redis");
        }
    }

    @Override
    public void close() {
        reconnects.dispose();
        connection.close();
        shutDown(client);
    }

    /** Shuts a client down, and the resources made for it alone ({@link #resources()}), waiting at most 2 s each. */
    private static void shutDown(AbstractRedisClient client) {
        client.shutdown(Duration.ZERO, Duration.ofSeconds(2));
        try {
            client.getResources().shutdown(0, 2, TimeUnit.SECONDS).get(3, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            log.debug("Lettuce's resources did not shut down in time: {}", rootMessage(e));
        }
    }
}
