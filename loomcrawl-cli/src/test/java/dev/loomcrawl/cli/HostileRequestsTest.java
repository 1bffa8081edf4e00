package dev.loomcrawl.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A real {@code loomcrawl serve} (with API keys, --max-body 2 KiB) sent, on every route, a malformed request, an
 * oversized one and one without the key, and Jetty's parser bad requests: each gets its own answer, an error in JSON,
 * naming no Java class, showing no stack frame or absolute path, with no Server header. And a server without keys
 * ({@code open}) refuses at {@code /mcp} a Host or Origin of another site, as its API does.
 */
class HostileRequestsTest {
    private static final Pattern CLASS_NAME = Pattern.compile("\\b(java|javax|jakarta|org\\.eclipse|io\\."
            + "modelcontextprotocol|com\\.fasterxml|dev\\.loomcrawl)\\.[a-z]|[A-Z][A-Za-z]+(Exception|Error)\\b");
    private static final Pattern STACK_FRAME = Pattern.compile("\\tat |\\bat [a-z]+\\.[a-z]+[.(]");
    private static final String ID = "0123456789abcdef0123456789abcdef";
    private static final String KEY = "Authorization: Bearer test-key";
    private static final String JSON = "Content-Type: application/json";
    private static final String MCP_ACCEPT = "Accept: application/json, text/event-stream";
    /** Method and path of every route, and of paths that are none. */
    private static final List<String> ROUTES = List.of("POST /v2/scrape", "POST /v2/crawl", "GET /v2/crawl/" + ID,
            "DELETE /v2/crawl/" + ID, "GET /v2/crawl/" + ID + "/errors", "GET /v2/crawl/active", "POST /v2/map",
            "POST /v2/batch/scrape", "GET /v2/batch/scrape/" + ID, "DELETE /v2/batch/scrape/" + ID,
            "GET /v2/batch/scrape/" + ID + "/errors", "POST /v2/extract", "POST /v2/crawl/params-preview",
            "GET /v1/crawls", "POST /v1/crawls", "GET /v1/crawls/" + ID, "DELETE /v1/crawls/" + ID,
            "POST /v1/crawls/" + ID + "/cancel", "GET /v1/crawls/" + ID + "/events",
            "GET /v1/crawls/" + ID + "/files/results.jsonl", "GET /v1/jobs", "GET /metrics", "GET /healthz",
            "GET /openapi.json", "GET /", "GET /jobs.js", "POST /mcp", "GET /mcp", "DELETE /mcp", "GET /mcp/x",
            "GET /nothing", "GET /v2", "GET /v2/nothing", "PUT /v2/scrape", "PATCH /mcp");
    /** Ids no job has: unknown, a path, too long, not ASCII. */
    private static final List<String> BAD_IDS = List.of("nope", "..%2F..%2Fetc%2Fpasswd", "x".repeat(3000),
            "%C3%A9t%C3%A9", "%00", "-1");
    private static final List<String> BAD_BODIES = List.of("{", "[]", "null", "\"x\"", "{\"url\": 5}",
            "{\"url\": \"http://example.com/\", \"limit\": \"ten\", \"formats\": {}}", "{\"urls\": [1, null]}",
            "{\"jsonrpc\": \"2.0\", \"id\": {}, \"method\": 5}", "\u0000\uFFFF");

    @TempDir
    static Path dir;
    static ServeProcess keyed;
    static ServeProcess open;
    static final List<String> failures = new ArrayList<>();

    @BeforeAll
    static void start() throws Exception {
        Path keys = Files.writeString(dir.resolve("keys"), "test-key\n");
        keyed = ServeProcess.start(dir, TestSite.freePort(), "--data", dir.resolve("keyed").toString(),
                "--api-key-file", keys.toString(), "--max-body", "2048");
        open = ServeProcess.start(dir, TestSite.freePort(), "--data", dir.resolve("open").toString());
    }

    @AfterAll
    static void stop() {
        for (ServeProcess s : new ServeProcess[] {keyed, open}) if (s != null) s.process().process().destroy();
    }

    @Test
    void everyRouteAnswersMalformedOversizedAndUnauthenticatedRequestsInJsonWithNothingOfItsInsides()
            throws Exception {
        List<String> failed = new ArrayList<>();
        for (String route : ROUTES) {
            String method = route.split(" ")[0];
            String path = route.split(" ")[1];
            check(failed, route + " without a key", send(method, path, List.of(JSON, MCP_ACCEPT), body(method)));
            check(failed, route + " with a wrong key", send(method, path, List.of(JSON, MCP_ACCEPT,
                    "Authorization: Bearer wrong"), body(method)));
            check(failed, route + " with the key", send(method, path, List.of(KEY, JSON, MCP_ACCEPT), body(method)));
            check(failed, route + " oversized", send(method, path, List.of(KEY, JSON, MCP_ACCEPT),
                    "{\"url\": \"".concat("a".repeat(4096)).concat("\"}").getBytes(StandardCharsets.UTF_8)));
            check(failed, route + " as text", send(method, path, List.of(KEY, "Content-Type: text/plain"),
                    "{}".getBytes(StandardCharsets.UTF_8)));
            check(failed, route + " chunked, oversized", RawHttp.sendRaw(port(), (method + " " + path
                    + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + KEY + "\r\n" + JSON + "\r\n" + MCP_ACCEPT
                    + "\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n1000\r\n" + "b".repeat(4096)
                    + "\r\n0\r\n\r\n").getBytes(StandardCharsets.UTF_8)));
            if (method.equals("POST") || method.equals("PUT") || method.equals("PATCH")) {
                for (String bad : BAD_BODIES) {
                    check(failed, route + " " + bad, send(method, path, List.of(KEY, JSON, MCP_ACCEPT),
                            bad.getBytes(StandardCharsets.UTF_8)));
                }
            }
            if (path.contains(ID)) {
                for (String id : BAD_IDS) {
                    check(failed, route + " id " + id.substring(0, Math.min(20, id.length())),
                            send(method, path.replace(ID, id), List.of(KEY, JSON), body(method)));
                }
            }
        }
        for (String raw : List.of("GET /%zz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
                "GET /mcp/%zz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
                "GET /v2/crawl/%zz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
                "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header\r\n\r\n",
                "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX: " + "a".repeat(20_000) + "\r\n\r\n",
                "GET / HTTP/9.9\r\nHost: 127.0.0.1\r\n\r\n", "garbage\r\n\r\n",
                "FOO /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
                "FOO /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
                "GET /%2e%2e/%2e%2e/etc/passwd HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
                "GET /mcp%00 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
                "POST /v2/scrape HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: abc\r\n\r\n",
                "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello")) {
            check(failed, "raw " + raw.substring(0, Math.min(30, raw.indexOf('\r'))),
                    RawHttp.sendRaw(port(), raw.getBytes(StandardCharsets.UTF_8)));
        }
        assertTrue(failed.isEmpty(), failed.size() + " answers leak or are no JSON error:\n"
                + String.join("\n", failed));
    }

    @Test
    void mcpChecksHostAndOriginAsTheApiDoesAndAnswersInJsonRpc() throws Exception {
        int port = Integer.parseInt(open.base().substring(open.base().lastIndexOf(':') + 1));
        String ping = "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"ping\"}";
        for (List<String> headers : List.of(List.of("Host: attacker.example"),
                List.of("Host: attacker.example:" + port), List.of("Origin: http://attacker.example"),
                List.of("Origin: null"), List.of("Origin: http://127.0.0.1.attacker.example:" + port))) {
            List<String> all = new ArrayList<>(headers);
            all.addAll(List.of(JSON, MCP_ACCEPT));
            RawHttp.Reply r = RawHttp.send(port, "POST", "/mcp", all, ping.getBytes(StandardCharsets.UTF_8));
            assertEquals(403, r.status(), headers + ": " + r.raw());
            assertEquals(-32600, jsonRpcError(r).path("code").asInt(), r.raw());
            assertClean(r);
        }
        // with API keys, another site's page is refused even with the right key; the server's own origin is not
        RawHttp.Reply keyedCross = send("POST", "/mcp", List.of(KEY, JSON, MCP_ACCEPT,
                "Origin: http://attacker.example"), initialize());
        assertEquals(403, keyedCross.status(), keyedCross.raw());
        assertClean(keyedCross);
        RawHttp.Reply keyedOwn = send("POST", "/mcp", List.of(KEY, JSON, MCP_ACCEPT,
                "Origin: http://127.0.0.1:" + port()), initialize());
        assertEquals(200, keyedOwn.status(), keyedOwn.raw());
        // /v2 refuses the same Host, from the same code
        assertEquals(403, RawHttp.send(port, "GET", "/v2/crawl/active", List.of("Host: attacker.example"), null)
                .status());
        // its own origin, and a loopback one (an inspector on another port), are taken
        for (String origin : List.of("http://127.0.0.1:" + port, "http://localhost:6274")) {
            RawHttp.Reply r = RawHttp.send(port, "POST", "/mcp", List.of("Origin: " + origin, JSON, MCP_ACCEPT),
                    initialize());
            assertEquals(200, r.status(), origin + ": " + r.raw());
            assertClean(r);
        }
    }

    @Test
    void mcpRefusesMessagesThatAreNoJsonRpcWithItsErrorsNotTheSdksException() throws Exception {
        int port = Integer.parseInt(open.base().substring(open.base().lastIndexOf(':') + 1));
        record Case(String body, int code, String id) {
        }
        for (Case c : List.of(new Case("not json {", -32700, "null"), new Case("null", -32600, "null"),
                new Case("[]", -32600, "null"), new Case("42", -32600, "null"),
                new Case("{\"jsonrpc\": \"1.0\", \"id\": 7, \"method\": \"ping\"}", -32600, "7"),
                new Case("{\"jsonrpc\": 2.0, \"id\": 7, \"method\": \"ping\"}", -32600, "7"),
                new Case("{\"id\": 7, \"method\": \"ping\"}", -32600, "7"),
                new Case("{\"jsonrpc\": \"2.0\", \"id\": 8, \"method\": 5}", -32600, "8"),
                new Case("{\"jsonrpc\": \"2.0\"}", -32600, "null"))) {
            RawHttp.Reply r = RawHttp.send(port, "POST", "/mcp", List.of(JSON, MCP_ACCEPT),
                    c.body().getBytes(StandardCharsets.UTF_8));
            assertEquals(400, r.status(), c + ": " + r.raw());
            JsonNode answer = ServeProcess.JSON.readTree(r.body());
            assertEquals("2.0", answer.path("jsonrpc").asText(), r.raw());
            assertEquals(c.id(), answer.path("id").toString(), r.raw());
            assertEquals(c.code(), answer.at("/error/code").asInt(), r.raw());
            assertClean(r);
        }
        // the servlet's TRACE (an echo of the request) and OPTIONS are not /mcp's methods
        for (String method : List.of("TRACE", "OPTIONS", "PUT")) {
            RawHttp.Reply r = RawHttp.send(port, method, "/mcp", List.of("X-Secret: echoed"), null);
            assertEquals(405, r.status(), r.raw());
            assertTrue(!r.body().contains("echoed"), r.raw());
            assertEquals(-32600, jsonRpcError(r).path("code").asInt(), r.raw());
            assertClean(r);
        }
        // a stray response: without a session, and in one (the server asked the client nothing)
        String stray = "{\"jsonrpc\": \"2.0\", \"id\": 99, \"result\": {}}";
        RawHttp.Reply none = RawHttp.send(port, "POST", "/mcp", List.of(JSON, MCP_ACCEPT),
                stray.getBytes(StandardCharsets.UTF_8));
        assertEquals(400, none.status(), none.raw());
        assertClean(none);
        String session = RawHttp.send(port, "POST", "/mcp", List.of(JSON, MCP_ACCEPT), initialize())
                .header("mcp-session-id");
        RawHttp.Reply in = RawHttp.send(port, "POST", "/mcp", List.of(JSON, MCP_ACCEPT, "Mcp-Session-Id: " + session),
                stray.getBytes(StandardCharsets.UTF_8));
        assertEquals(400, in.status(), in.raw());
        assertEquals(-32600, jsonRpcError(in).path("code").asInt(), in.raw());
        assertClean(in);
    }

    private static byte[] initialize() {
        return ("{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"initialize\", \"params\": {\"protocolVersion\": "
                + "\"2025-11-25\", \"capabilities\": {}, \"clientInfo\": {\"name\": \"x\", \"version\": \"1\"}}}")
                .getBytes(StandardCharsets.UTF_8);
    }

    private static JsonNode jsonRpcError(RawHttp.Reply r) throws IOException {
        JsonNode answer = ServeProcess.JSON.readTree(r.body());
        assertEquals("2.0", answer.path("jsonrpc").asText(), r.raw());
        return answer.path("error");
    }

    private static void assertClean(RawHttp.Reply r) {
        List<String> failed = new ArrayList<>();
        check(failed, "", r);
        assertTrue(failed.isEmpty(), String.join("\n", failed));
    }

    private static RawHttp.Reply send(String method, String path, List<String> headers, byte[] body)
            throws IOException {
        return RawHttp.send(port(), method, path, headers, body);
    }

    private static byte[] body(String method) {
        return method.equals("GET") ? null : "{}".getBytes(StandardCharsets.UTF_8);
    }

    private static int port() {
        return Integer.parseInt(keyed.base().substring(keyed.base().lastIndexOf(':') + 1));
    }

    /** Adds to {@code failed} what is wrong with an answer: a leak anywhere, or an error that is no JSON. */
    private static void check(List<String> failed, String what, RawHttp.Reply r) {
        String all = r.raw();
        List<String> wrong = new ArrayList<>();
        if (r.header("server") != null) wrong.add("a Server header");
        if (r.header("x-powered-by") != null) wrong.add("an X-Powered-By header");
        if (CLASS_NAME.matcher(all).find()) wrong.add("a class name");
        if (STACK_FRAME.matcher(all).find()) wrong.add("a stack frame");
        for (String p : List.of(dir.toAbsolutePath().toString(), "/tmp/", "/root", "/home")) {
            if (all.contains(p)) wrong.add("the path " + p);
        }
        if (r.status() == 500) wrong.add("a server error");
        if (r.status() >= 400) {
            String type = r.header("content-type");
            if (type == null || !type.startsWith("application/json")) wrong.add("no JSON type: " + type);
            try {
                JsonNode body = ServeProcess.JSON.readTree(r.body());
                if (body == null || !body.isObject() || body.toString().length() > 1000) wrong.add("no JSON error");
            } catch (IOException e) {
                wrong.add("a body that is no JSON");
            }
        }
        if (!wrong.isEmpty()) {
            String shown = all.length() > 400 ? all.substring(0, 400) : all;
            failed.add(what + " -> " + r.status() + " " + wrong + ": " + shown.replace("\r\n", " | "));
        }
    }
}
