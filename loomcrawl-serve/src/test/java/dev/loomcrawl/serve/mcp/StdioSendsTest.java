package dev.loomcrawl.serve.mcp;

import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpServerTransportProvider;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import reactor.core.scheduler.Schedulers;

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
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code loomcrawl mcp}'s transport ({@link StdioMcp#transport}) answers a call while another thread is in the middle
 * of sending a progress notification, as a crawl's workers send a check_links call's progress. The SDK's stdio
 * transport alone drops the answer when the other sender holds its sink for more than 100 ms ({@link SerialSends},
 * decision 49): here the progress sender is held there for {@link #HELD_MILLIS} on purpose, by a hook of Reactor's
 * schedulers (the sink hands each message to the transport's writer through one), while the tool returns its result.
 * The same calls on the SDK's transport alone lose answers (4 of 4; 4 and 5 of 5 in two runs of an earlier form):
 * the test's own check that it catches the bug.
 */
class StdioSendsTest {
    private static final String HOOK = StdioSendsTest.class.getName();
    private static final int CALLS = 4;
    private static final long HELD_MILLIS = 300;
    /** The thread to hold in the sink once, at its next hand-off to the writer. */
    private static volatile Thread held;
    private static final AtomicInteger REFUSED = new AtomicInteger();

    @BeforeEach
    void holdTheProgressSender() {
        REFUSED.set(0);
        Schedulers.onScheduleHook(HOOK, task -> {
            if (Thread.currentThread() == held) {
                held = null;
                try {
                    Thread.sleep(HELD_MILLIS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return task;
        });
    }

    @AfterEach
    void letGo() {
        Schedulers.resetOnScheduleHook(HOOK);
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void everyCallIsAnsweredWhileAnotherThreadIsSendingProgress() throws Exception {
        assertEquals(0, lostCalls(StdioMcp::transport), "calls never answered, of " + CALLS);
        assertEquals(0, REFUSED.get(), "progress notifications refused");
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void theSdksTransportAloneDropsThoseAnswers() throws Exception {
        int lost = lostCalls((in, out) -> new StdioServerTransportProvider(McpTools.JSON, in, out));
        assertTrue(lost > 0, "every call answered: the SDK's transport may no longer need SerialSends (decision 49)");
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
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
                while (!answered.contains(id) && System.nanoTime() < deadline) Thread.sleep(2);
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5); // for answers that came late
            while (answered.size() < CALLS + 1 && System.nanoTime() < deadline) Thread.sleep(10);
        } finally {
            server.closeGracefully();
            client.close();
        }
        return CALLS + 1 - answered.size(); // the initialize request's answer counted too
    }

    /**
     * A tool whose call has a virtual thread send a progress notification (held in the sink, see {@link #held}) and
     * returns its result 50 ms later, while that thread is still inside.
     */
    private static SyncToolSpecification noisy() {
        return SyncToolSpecification.builder()
                .tool(McpSchema.Tool.builder().name("noisy").inputSchema(McpTools.JSON, "{\"type\":\"object\"}")
                        .build())
                .callHandler((exchange, request) -> {
                    Object token = request.meta().get("progressToken");
                    Thread sender = Thread.ofVirtual().unstarted(() -> {
                        try {
                            exchange.progressNotification(new McpSchema.ProgressNotification(token, 1.0, null,
                                    "busy", null));
                        } catch (RuntimeException e) {
                            REFUSED.incrementAndGet();
                        }
                    });
                    held = sender;
                    sender.start();
                    try {
                        Thread.sleep(50);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return new McpSchema.CallToolResult(List.of(new McpSchema.TextContent("done")), false, null,
                            null);
                }).build();
    }
}
