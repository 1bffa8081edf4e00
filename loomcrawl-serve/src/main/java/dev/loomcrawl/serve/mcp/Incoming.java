package dev.loomcrawl.serve.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.spec.McpSchema;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * A client's message, checked before the SDK sees it, by the same rules on both transports (a line of
 * {@code loomcrawl mcp}, a POST's body at {@code /mcp}): one that is not JSON is a parse error (-32700); one that is
 * no JSON-RPC message (not an object, a batch, no "jsonrpc": "2.0", not a request, notification or response) an
 * invalid request (-32600). The SDK would end a stdio session at such a line, and answer HTTP with its exception
 * serialized, stack and all.
 */
final class Incoming {
    static final int PARSE_ERROR = -32700;
    static final int INVALID_REQUEST = -32600;

    private Incoming() {
    }

    /** The message, to go on to the SDK; {@link Invalid} when it is none. */
    static JsonNode check(byte[] bytes) throws Invalid {
        JsonNode node;
        try {
            node = Schemas.JSON.readTree(bytes);
        } catch (IOException e) {
            throw new Invalid(null, PARSE_ERROR, "Parse error: the message is not JSON");
        }
        if (node == null || node.isMissingNode()) {
            throw new Invalid(null, PARSE_ERROR, "Parse error: the message is empty");
        }
        if (!node.isObject()) {
            throw new Invalid(null, INVALID_REQUEST, "Invalid Request: " + (node.isArray()
                    ? "batches are not supported" : "a message is a JSON object"));
        }
        JsonNode id = node.get("id");
        JsonNode answerId = id != null && (id.isTextual() || id.isIntegralNumber()) ? id : null;
        JsonNode version = node.get("jsonrpc");
        if (version == null || !version.isTextual() || !version.asText().equals("2.0")) {
            throw new Invalid(answerId, INVALID_REQUEST, "Invalid Request: \"jsonrpc\" must be \"2.0\"");
        }
        if (!shaped(node)) {
            throw new Invalid(answerId, INVALID_REQUEST,
                    "Invalid Request: not a JSON-RPC request, notification or response");
        }
        try {
            McpSchema.deserializeJsonRpcMessage(McpTools.JSON, new String(bytes, StandardCharsets.UTF_8));
        } catch (IOException | RuntimeException e) {
            throw new Invalid(answerId, INVALID_REQUEST,
                    "Invalid Request: not a JSON-RPC request, notification or response");
        }
        return node;
    }

    /**
     * Whether an object has a JSON-RPC message's members, of their types (the SDK's reader takes a number for a
     * method's name, and an object for an id): a method is a string, its params an object or an array, an id a
     * string or an integer; a message without a method (a response) has an id and either a result or an error.
     */
    private static boolean shaped(JsonNode node) {
        JsonNode id = node.get("id");
        boolean idOk = id == null || id.isTextual() || id.isIntegralNumber();
        JsonNode method = node.get("method");
        if (method != null) {
            JsonNode params = node.get("params");
            return method.isTextual() && !method.asText().isEmpty() && idOk
                    && (params == null || params.isObject() || params.isArray());
        }
        return id != null && (idOk || id.isNull() && node.has("error")) && node.has("result") != node.has("error");
    }

    /** Whether a checked message is a request (a method and an id): one that is owed an answer. */
    static boolean request(JsonNode message) {
        return message.hasNonNull("method") && message.has("id");
    }

    /** A JSON-RPC error answering {@code id} (null: none). */
    static ObjectNode error(JsonNode id, int code, String message) {
        ObjectNode e = Schemas.JSON.createObjectNode().put("jsonrpc", "2.0");
        e.set("id", id == null ? Schemas.JSON.nullNode() : id);
        e.putObject("error").put("code", code).put("message", message);
        return e;
    }

    /** A message that is no JSON-RPC message: its error, answering its id when it had a usable one. */
    static final class Invalid extends Exception {
        private final transient JsonNode id;
        private final int code;

        Invalid(JsonNode id, int code, String message) {
            super(message, null, false, false);
            this.id = id;
            this.code = code;
        }

        ObjectNode answer() {
            return error(id, code, getMessage());
        }
    }
}
