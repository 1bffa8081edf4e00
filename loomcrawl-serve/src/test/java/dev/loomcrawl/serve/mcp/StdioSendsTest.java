package dev.loomcrawl.serve.mcp;

import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpServerTransportProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@code loomcrawl mcp}'s transport ({@link StdioMcp#transport}) answers every call while progress notifications are
 * sent from other threads at the same time, as a crawl's workers send a check_links call's progress. The SDK's stdio
 * transport alone drops a message when two threads send at once and the one inside its sink loses the CPU for
 * 100 ms ({@link SerialSends}); virtual threads here keep both carriers of a two-core machine busy so that this can
 * happen, but it does not happen in every run: a run without {@link SerialSends} seldom fails (an earlier, longer
 * form of this test dropped one answer of 200 calls once, in its first run). Every sent message is counted too.
 */
class StdioSendsTest {
    /** Calls made, one after the other, each waited for {@link #ANSWER_SECONDS} at most. */
    private static final int CALLS = 50;
    private static final int ANSWER_SECONDS = 10;
    /** Each sender's progress notifications a call. */
    private static final int NOTIFICATIONS = 50;
    private static final int BUSY_MILLIS = 150;
    private static final AtomicInteger REFUSED = new AtomicInteger();

    @Test
    @Timeout(value = 600, unit = TimeUnit.SECONDS)
    void everyCallIsAnsweredWhileOtherThreadsSendProgress() throws Exception {
        assertEquals(0, lostCalls(StdioMcp::transport), "calls never answered, of " + CALLS);
        assertEquals(0, REFUSED.get(), "progress notifications refused");
    }

    /** Calls the tool {@code noisy} {@link #CALLS} times, one after the other; how many were not answered. */
    private static int lostCalls(BiFunction<InputStream, PrintStream, McpServerTransportProvider> transport)
            throws Exception {
        PipedOutputStream toServer = new PipedOutputStream();
        PipedInputStream serverIn = new PipedInputStream(toServer, 1 << 20);
        PipedInputStream fromServer = new PipedInputStream(1 << 20);
        PrintStream serverOut = new PrintStream(new PipedOutputStream(fromServer), true, StandardCharsets.UTF_8);
        McpSyncServer server = McpServer.sync(transport.apply(serverIn, serverOut)).serverInfo("test", "1")
                .capabilities(McpSchema.ServerCapabilities.builder().tools(false).build()).tools(noisy()).build();
        Set<Integer> answered = ConcurrentHashMap.newKeySet();
        Thread.ofPlatform().daemon().start(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(fromServer, StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    var message = Schemas.JSON.readTree(line);
                    if (message.has("id") && (message.has("result") || message.has("error"))) {
                        answered.add(message.get("id").asInt());
                    }
                }
            } catch (Exception e) {
                // the server closed its output
            }
        });
        PrintStream client = new PrintStream(toServer, true, StandardCharsets.UTF_8);
        client.println("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"test\",\"version\":\"1\"}}}");
        client.println("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        try {
            for (int id = 1; id <= CALLS; id++) {
                client.println("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{"
                        + "\"name\":\"noisy\",\"arguments\":{},\"_meta\":{\"progressToken\":" + id + "}}}");
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(ANSWER_SECONDS);
                while (!answered.contains(id) && System.nanoTime() < deadline) Thread.sleep(2);
                Thread.sleep(60); // the call's senders stop
            }
        } finally {
            server.closeGracefully();
            client.close();
        }
        return CALLS + 1 - answered.size(); // and the initialize request's
    }

    /**
     * A tool whose call has four virtual threads send {@link #NOTIFICATIONS} progress notifications each, until 50 ms
     * after it has returned at most,
     * while two others keep the carriers busy for {@link #BUSY_MILLIS} (a virtual thread is not made to give up its
     * carrier); the call itself returns after 10 ms.
     */
    private static SyncToolSpecification noisy() {
        return SyncToolSpecification.builder()
                .tool(McpSchema.Tool.builder().name("noisy").inputSchema(McpTools.JSON, "{\"type\":\"object\"}")
                        .build())
                .callHandler((exchange, request) -> {
                    Object token = request.meta().get("progressToken");
                    AtomicBoolean stop = new AtomicBoolean();
                    for (int t = 0; t < 4; t++) {
                        Thread.ofVirtual().start(() -> {
                            for (int i = 0; i < NOTIFICATIONS && !stop.get(); i++) {
                                try {
                                    exchange.progressNotification(new McpSchema.ProgressNotification(token,
                                            (double) i, null, "busy", null));
                                } catch (RuntimeException e) {
                                    REFUSED.incrementAndGet();
                                }
                            }
                        });
                    }
                    for (int t = 0; t < 2; t++) {
                        Thread.ofVirtual().start(() -> {
                            long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(BUSY_MILLIS);
                            while (System.nanoTime() < end) Thread.onSpinWait();
                        });
                    }
                    Thread.ofVirtual().start(() -> {
                        try {
                            Thread.sleep(60);
                        } catch (InterruptedException e) {
                            // stops now
                        }
                        stop.set(true);
                    });
                    try {
                        Thread.sleep(10);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return new McpSchema.CallToolResult(List.of(new McpSchema.TextContent("done")), false, null,
                            null);
                }).build();
    }
}
