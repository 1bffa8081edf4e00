package dev.loomcrawl.serve;

import org.eclipse.jetty.server.Handler;

/**
 * Another front end served on serve's own port over its {@link Service} (the MCP server at {@code /mcp}): its
 * handler, put before the Firecrawl API's, takes its own paths and leaves the others. Given to
 * {@link Serve#start(ServeOptions, java.util.List)} by whoever assembles the server, so that this package names none
 * of them.
 */
public interface Mount extends AutoCloseable {
    Handler handler();

    @Override
    void close();
}
