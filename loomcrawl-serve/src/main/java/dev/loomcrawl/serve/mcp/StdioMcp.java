package dev.loomcrawl.serve.mcp;

import dev.loomcrawl.serve.Service;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpServerTransportProvider;

import java.io.InputStream;
import java.io.PrintStream;
import java.util.concurrent.CountDownLatch;

/**
 * {@code loomcrawl mcp}: the MCP server on standard input and output, one JSON-RPC message a line. Every line is
 * read by {@link StdioLines} first, which answers a malformed one itself and passes the rest to the SDK's stdio
 * transport; nothing but protocol messages is written to {@code out}.
 */
public final class StdioMcp {
    private StdioMcp() {}

    /** Serves until {@code in} ends. */
    public static void run(Service service, McpOptions options, InputStream in, PrintStream out)
            throws InterruptedException {
        Calls calls = new Calls();
        CountDownLatch ended = new CountDownLatch(1);
        StdioLines lines = new StdioLines(in, out, calls, ended);
        McpSyncServer server = McpTools.build(McpServer.sync(transport(lines, out)), McpTools.tools(service, options),
                calls);
        try {
            ended.await();
        } finally {
            server.closeGracefully();
        }
    }

    /** The SDK's stdio transport on {@code in} and {@code out}, its messages sent one at a time (SerialSends). */
    static McpServerTransportProvider transport(InputStream in, PrintStream out) {
        return new SerialSends(new StdioServerTransportProvider(McpTools.JSON, in, out));
    }
}
