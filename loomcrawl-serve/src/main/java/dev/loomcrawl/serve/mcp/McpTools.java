package dev.loomcrawl.serve.mcp;

import dev.loomcrawl.fetch.Version;
import dev.loomcrawl.serve.Service;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.spec.McpSchema;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The MCP server's tools, listed in one place, and the server made of them on a transport (stdio:
 * {@link StdioMcp}; Streamable HTTP: {@link HttpMcp}). Each tool is a class of its own; adding one is a line here.
 */
final class McpTools {
    private static final Logger log = LoggerFactory.getLogger(McpTools.class);
    static final McpJsonMapper JSON = new JacksonMcpJsonMapper(Schemas.JSON);
    static final String INSTRUCTIONS = "loomcrawl fetches web pages politely (robots.txt obeyed) and returns their "
            + "main content as Markdown. scrape reads one page; map lists a site's URLs (rank them with 'search'); "
            + "crawl starts crawling a site and returns an id for crawl_status and crawl_cancel; search_crawl finds "
            + "the passages of a crawl that answer a query, with citations; check_links finds a site's broken links. "
            + "Long results end with a cursor to read on.";

    private McpTools() {}

    static List<Tool> tools(Service service, McpOptions options) {
        List<Tool> tools = new ArrayList<>();
        tools.add(new ScrapeTool(service, options));
        tools.add(new MapTool(service, options));
        tools.add(new CrawlTool(service));
        tools.add(new CrawlStatusTool(service, options));
        tools.add(new CrawlCancelTool(service));
        tools.add(new SearchCrawlTool(service, options));
        tools.add(new CheckLinksTool(service, options));
        return tools;
    }

    /** The server's description of itself and its tools, on {@code spec}'s transport. */
    static McpSyncServer build(McpServer.SyncSpecification<?> spec, List<Tool> tools, Calls calls) {
        List<SyncToolSpecification> specs = tools.stream().map(t -> spec(t, calls)).toList();
        return spec.serverInfo("loomcrawl", Version.VERSION).instructions(INSTRUCTIONS)
                .capabilities(McpSchema.ServerCapabilities.builder().tools(false).build())
                .tools(specs).build();
    }

    /**
     * A tool as the SDK calls it: its call made with its arguments, progress token and cancellation; a caller's
     * mistake or a refused request answered as a tool error (the model reads it and can correct the call), anything
     * else as an internal error, logged.
     */
    private static SyncToolSpecification spec(Tool tool, Calls calls) {
        McpSchema.Tool definition = tool.definition();
        java.util.Set<String> known = definition.inputSchema().get("properties") instanceof Map<?, ?> properties
                ? properties.keySet().stream().map(String::valueOf).collect(java.util.stream.Collectors.toSet())
                : java.util.Set.of();
        return SyncToolSpecification.builder().tool(definition).callHandler((exchange, request) -> {
            String unknown = unknown(request.arguments(), known);
            if (unknown != null) {
                String shown = dev.loomcrawl.result.Printable.line(dev.loomcrawl.serve.ApiError.quoted(unknown));
                return error("argument '" + shown + "' is not one " + definition.name() + " takes (it takes "
                        + String.join(", ", new java.util.TreeSet<>(known)) + ")");
            }
            Map<String, Object> meta = request.meta();
            Object token = meta == null ? null : meta.get("progressToken");
            ToolCall call = new ToolCall(request.arguments(), exchange, token, calls.of(meta));
            try {
                Tool.Result r = tool.call(call);
                if (call.cancelled()) log.info("{} cancelled by the client: its work has stopped", tool.definition()
                        .name());
                return new McpSchema.CallToolResult(List.of(new McpSchema.TextContent(r.text())), false,
                        r.structured(), null);
            } catch (ToolCall.Mistake | Service.Refused e) {
                return error(e.getMessage());
            } catch (RuntimeException e) {
                log.error("tool {} failed", tool.definition().name(), e);
                return error("internal error in " + tool.definition().name() + "; the server's log says more");
            } finally {
                calls.done(meta);
            }
        }).build();
    }

    /**
     * The first argument the tool does not declare, or null: one it would silently ignore (a proxy, a login) is
     * refused, so that a caller never believes it was used.
     */
    private static String unknown(Map<String, Object> arguments, java.util.Set<String> known) {
        if (arguments == null) return null;
        for (String name : arguments.keySet()) {
            if (!known.contains(name)) return name;
        }
        return null;
    }

    private static McpSchema.CallToolResult error(String message) {
        return new McpSchema.CallToolResult(List.of(new McpSchema.TextContent(message)), true, null, null);
    }
}
