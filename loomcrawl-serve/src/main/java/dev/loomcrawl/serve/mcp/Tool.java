package dev.loomcrawl.serve.mcp;

import io.modelcontextprotocol.spec.McpSchema;

/**
 * One tool of the MCP server: what a client is told of it (name, description for a model, input schema,
 * annotations) and what a call does. A call's mistake is a {@link ToolCall.Mistake}, answered as a tool error the
 * model can read and correct.
 */
interface Tool {
    McpSchema.Tool definition();

    Result call(ToolCall call);

    /** A tool's answer: text for the model, and the same facts as structured content. */
    record Result(String text, Object structured) {}
}
