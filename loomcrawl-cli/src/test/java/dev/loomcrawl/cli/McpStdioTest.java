package dev.loomcrawl.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A raw session with {@code loomcrawl mcp}, line by line from here: a line that is not JSON and a request of an
 * unknown method get JSON-RPC errors, and the server goes on to answer {@code initialize} as usual; everything on
 * standard output is a JSON-RPC message, and the banner goes to standard error. A request sent before
 * {@code initialize} is answered at once (an error, or a ping's result), not held for ever.
 */
class McpStdioTest {

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void malformedLinesGetErrorsAndTheSessionGoesOn(@TempDir Path dir) throws Exception {
        List<String> cmd = LoomcrawlProcess.command("256m", List.of(), "mcp", "--data",
                dir.resolve("data").toString());
        Path err = dir.resolve("stderr.txt");
        Process p = new ProcessBuilder(cmd).redirectError(err.toFile()).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        OutputStream in = p.getOutputStream();
        send(in, "this is not JSON {");
        JsonNode parse = ServeProcess.JSON.readTree(out.readLine());
        assertEquals(-32700, parse.at("/error/code").asInt(), parse.toString());
        assertTrue(parse.get("id").isNull());
        send(in, "[{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"ping\"}]");
        assertEquals(-32600, ServeProcess.JSON.readTree(out.readLine()).at("/error/code").asInt());
        send(in, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                + "\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}");
        JsonNode init = ServeProcess.JSON.readTree(out.readLine());
        assertEquals(2, init.path("id").asInt(), init.toString());
        assertEquals("2025-11-25", init.at("/result/protocolVersion").asText(), init.toString());
        assertEquals("loomcrawl", init.at("/result/serverInfo/name").asText());
        assertTrue(init.at("/result/capabilities").has("tools"));
        send(in, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        send(in, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"no/such/method\"}");
        JsonNode unknown = ServeProcess.JSON.readTree(out.readLine());
        assertEquals(1, unknown.path("id").asInt(), unknown.toString());
        assertEquals(-32601, unknown.at("/error/code").asInt(), unknown.toString());
        send(in, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\"}");
        JsonNode tools = ServeProcess.JSON.readTree(out.readLine());
        assertEquals(7, tools.at("/result/tools").size(), tools.toString());
        in.close();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the server ends with its input");
        String rest = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        for (String line : rest.lines().toList()) {
            assertEquals("2.0", ServeProcess.JSON.readTree(line).path("jsonrpc").asText(), line);
        }
        assertEquals(0, p.exitValue(), Files.readString(err));
        assertTrue(Files.readString(err).contains("loomcrawl mcp: serving MCP on standard input and output"));
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aRequestBeforeInitializeIsAnsweredNotLeftWaiting(@TempDir Path dir) throws Exception {
        List<String> cmd = LoomcrawlProcess.command("256m", List.of(), "mcp", "--data",
                dir.resolve("data").toString());
        Process p = new ProcessBuilder(cmd).redirectError(dir.resolve("stderr.txt").toFile()).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        OutputStream in = p.getOutputStream();
        // a notification and a stray response before initialize are dropped: the next line answers the request
        send(in, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        send(in, "{\"jsonrpc\":\"2.0\",\"id\":40,\"result\":{}}");
        send(in, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}");
        JsonNode early = ServeProcess.JSON.readTree(out.readLine());
        assertEquals(1, early.path("id").asInt(), early.toString());
        assertEquals(-32002, early.at("/error/code").asInt(), early.toString());
        assertTrue(early.at("/error/message").asText().contains("initialize"), early.toString());
        send(in, "{\"jsonrpc\":\"2.0\",\"id\":\"c\",\"method\":\"tools/call\",\"params\":{\"name\":"
                + "\"crawl_status\",\"arguments\":{\"id\":\"x\"}}}");
        JsonNode call = ServeProcess.JSON.readTree(out.readLine());
        assertEquals("c", call.path("id").asText(), call.toString());
        assertEquals(-32002, call.at("/error/code").asInt(), call.toString());
        // a ping is allowed before initialize, and answered
        send(in, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}");
        JsonNode pong = ServeProcess.JSON.readTree(out.readLine());
        assertEquals(2, pong.path("id").asInt(), pong.toString());
        assertTrue(pong.path("result").isObject(), pong.toString());
        send(in, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                + "\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}");
        JsonNode init = ServeProcess.JSON.readTree(out.readLine());
        assertEquals(3, init.path("id").asInt(), init.toString());
        assertEquals("loomcrawl", init.at("/result/serverInfo/name").asText(), init.toString());
        send(in, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        send(in, "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/list\"}");
        JsonNode tools = ServeProcess.JSON.readTree(out.readLine());
        assertEquals(4, tools.path("id").asInt(), tools.toString());
        assertEquals(7, tools.at("/result/tools").size(), tools.toString());
        in.close();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the server ends with its input");
    }

    private static void send(OutputStream in, String line) throws Exception {
        in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        in.flush();
    }
}
