package dev.loomcrawl.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;

/** A real {@code loomcrawl serve} process on this test's class path, and a client of it. */
record ServeProcess(LoomcrawlProcess process, String base) {
    static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient CLIENT = HttpClient.newHttpClient();

    /** Starts serve on {@code port} and waits until it listens (at most 60 s). */
    static ServeProcess start(Path dir, int port, String... more) throws Exception {
        String[] args = new String[more.length + 3];
        args[0] = "serve";
        args[1] = "--listen";
        args[2] = "127.0.0.1:" + port;
        System.arraycopy(more, 0, args, 3, more.length);
        LoomcrawlProcess p = LoomcrawlProcess.start(dir, args);
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (!p.stderr().contains("loomcrawl serve: listening on")) {
            if (!p.process().isAlive()) throw new AssertionError("serve exited: " + p.stderr());
            if (System.nanoTime() > deadline) throw new AssertionError("serve did not listen: " + p.stderr());
            Thread.sleep(50);
        }
        return new ServeProcess(p, "http://127.0.0.1:" + port);
    }

    JsonNode post(String path, String body) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(URI.create(base + path)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    JsonNode get(String path) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(URI.create(base + path)).GET());
    }

    private static JsonNode send(HttpRequest.Builder b) throws IOException, InterruptedException {
        HttpResponse<String> r = CLIENT.send(b.header("Authorization", "Bearer test-key")
                .timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) throw new AssertionError(r.statusCode() + ": " + r.body());
        return JSON.readTree(r.body());
    }
}
