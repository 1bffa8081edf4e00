package dev.loomcrawl.redis;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisBusyException;
import io.lettuce.core.RedisChannelHandler;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisConnectionStateListener;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisCommandInterruptedException;
import io.lettuce.core.RedisException;
import io.lettuce.core.RedisLoadingException;
import io.lettuce.core.RedisNoScriptException;
import io.lettuce.core.RedisURI;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.pubsub.RedisPubSubAdapter;
import io.lettuce.core.pubsub.StatefulRedisPubSubConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.List;
import java.util.function.Function;

/**
 * One connection to Redis (Lettuce: thread-safe, multiplexed, so every virtual thread of the crawl shares it;
 * its locks are ReentrantLocks, which park a virtual thread without pinning it). Calls ride out a Redis
 * restart: a lost connection, a server still loading its AOF or a script cache emptied by the restart are
 * retried until {@code patience} has passed, then reported as a {@link RedisCrawlException} in one line.
 */
final class RedisLink implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(RedisLink.class);

    private final RedisClient client;
    private final StatefulRedisConnection<String, String> connection;
    private final String where;
    private final Duration patience;
    private final ThreadLocal<Boolean> repeated = ThreadLocal.withInitial(() -> false);

    private RedisLink(RedisClient client, StatefulRedisConnection<String, String> connection, String where,
                      Duration patience) {
        this.client = client;
        this.connection = connection;
        this.where = where;
        this.patience = patience;
    }

    /** Connects to {@code redis://[user:pass@]host:port[/db]}; a bad URI or an unreachable server is one line. */
    static RedisLink connect(String uri, Duration patience) {
        RedisURI redisUri;
        try {
            redisUri = RedisURI.create(uri);
        } catch (IllegalArgumentException e) {
            throw new RedisCrawlException("not a Redis URI: " + uri + " (expected redis://[user:pass@]host:port[/db])");
        }
        if (!redisUri.toURI().getScheme().startsWith("redis")) {
            throw new RedisCrawlException("not a Redis URI: " + uri + " (expected redis://host:port[/db])");
        }
        String where = redisUri.getHost() + ":" + redisUri.getPort() + "/" + redisUri.getDatabase();
        RedisClient client = RedisClient.create(redisUri);
        client.setOptions(ClientOptions.builder()
                .autoReconnect(true)
                .disconnectedBehavior(ClientOptions.DisconnectedBehavior.ACCEPT_COMMANDS)
                .socketOptions(SocketOptions.builder().connectTimeout(Duration.ofSeconds(5)).build())
                .timeoutOptions(TimeoutOptions.enabled(Duration.ofSeconds(10)))
                .build());
        try {
            return new RedisLink(client, client.connect(), where, patience);
        } catch (RedisException e) {
            client.shutdown(Duration.ZERO, Duration.ofSeconds(2));
            throw new RedisCrawlException("cannot reach Redis at " + where + ": " + rootMessage(e));
        }
    }

    /**
     * Subscribes to {@code channel} on a connection of its own (a subscribed connection can do nothing else);
     * {@code onMessage} runs on Lettuce's event loop, so it must not block. Closing the result unsubscribes.
     */
    AutoCloseable subscribe(String channel, Runnable onMessage) {
        StatefulRedisPubSubConnection<String, String> pubSub = client.connectPubSub();
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

    /** Runs a script on the keys of one hash tag; its reply is a list of integers and strings. */
    List<Object> run(Script script, String[] keys, String... args) {
        return call(redis -> {
            try {
                return redis.evalsha(script.sha(), ScriptOutputType.MULTI, keys, args);
            } catch (RedisNoScriptException e) { // a new or restarted server: load it, then run it
                redis.scriptLoad(script.text());
                return redis.evalsha(script.sha(), ScriptOutputType.MULTI, keys, args);
            }
        });
    }

    /**
     * Sends a script without waiting for its answer (commands on one connection run in the order sent). If the
     * server forgot the script, it is loaded and sent again; any other failure is logged and dropped, so only
     * use this for what a later call repairs (the schedule's hints: a sweep puts every origin back).
     */
    void send(Script script, String[] keys, String... args) {
        connection.async().<Object>evalsha(script.sha(), ScriptOutputType.MULTI, keys, args).whenComplete((ok, e) -> {
            if (e instanceof RedisNoScriptException) {
                connection.async().scriptLoad(script.text()).thenRun(() -> send(script, keys, args));
            } else if (e != null) {
                log.debug("Redis at {}: a {} was lost: {}", where, script, rootMessage(e));
            }
        });
    }

    /**
     * Runs plain commands. A call that fails because Redis went away is repeated once it is back, so a call
     * must be safe to repeat: every script here is (a repeated lease is a leaked lease, which runs out).
     */
    <T> T call(Function<RedisCommands<String, String>, T> commands) {
        long deadline = System.nanoTime() + patience.toNanos();
        long wait = 50;
        repeated.set(false);
        while (true) {
            try {
                return commands.apply(connection.sync());
            } catch (RedisCommandInterruptedException e) {
                Thread.currentThread().interrupt();
                throw new RedisCrawlException("interrupted while waiting for Redis at " + where, e);
            } catch (RedisNoScriptException | RedisLoadingException | RedisBusyException e) {
                if (System.nanoTime() > deadline) throw lost(e);
            } catch (RedisCommandExecutionException e) {
                throw new RedisCrawlException("Redis at " + where + " refused a command: " + e.getMessage(), e);
            } catch (RedisException e) {
                if (System.nanoTime() > deadline) throw lost(e);
                log.warn("Redis at {}: {}; retrying", where, rootMessage(e));
            }
            repeated.set(true);
            sleep(wait);
            wait = Math.min(wait * 2, 1000);
        }
    }

    /**
     * Whether this thread's last call had to be repeated: its first try may have taken effect with its answer
     * lost, so a refusal on the repeat can be the first try's success.
     */
    boolean lastCallRepeated() {
        return repeated.get();
    }

    private RedisCrawlException lost(RedisException e) {
        return new RedisCrawlException("lost Redis at " + where + " for more than " + patience.toSeconds() + " s: "
                + rootMessage(e), e);
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) t = t.getCause();
        String message = t.getMessage();
        return message == null ? t.getClass().getSimpleName() : message;
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
        connection.close();
        client.shutdown(Duration.ZERO, Duration.ofSeconds(2));
    }
}
