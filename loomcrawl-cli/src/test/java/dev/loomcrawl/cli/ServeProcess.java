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
        return start(java.util.Map.of(), dir, port, more);
    }

    /** {@link #start(Path, int, String...)} with {@code env} added to the process's environment. */
    static ServeProcess start(java.util.Map<String, String> env, Path dir, int port, String... more) throws Exception {
        return start(java.util.List.of(), env, dir, port, more);
    }

    /** {@link #start(java.util.Map, Path, int, String...)} with {@code jvmOptions} given to the process's JVM. */
    static ServeProcess start(java.util.List<String> jvmOptions, java.util.Map<String, String> env, Path dir, int port,
                              String... more) throws Exception {
        String[] args = new String[more.length + 3];
        args[0] = "serve";
        args[1] = "--listen";
        args[2] = "127.0.0.1:" + port;
        System.arraycopy(more, 0, args, 3, more.length);
        LoomcrawlProcess p = LoomcrawlProcess.startWith("256m", jvmOptions, env, dir, args);
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
        HttpResponse<String> r = answer(b);
        if (r.statusCode() != 200) throw new AssertionError(r.statusCode() + ": " + r.body());
        return JSON.readTree(r.body());
    }

    /** The answer to {@code b}, whatever its status. */
    static HttpResponse<String> answer(HttpRequest.Builder b) throws IOException, InterruptedException {
        return CLIENT.send(b.header("Authorization", "Bearer test-key").timeout(Duration.ofSeconds(60)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** The answer to a POST of JSON {@code body} to {@code path}, whatever its status. */
    HttpResponse<String> answerPost(String path, String body) throws IOException, InterruptedException {
        return answer(HttpRequest.newBuilder(URI.create(base + path)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    /** A native crawl created ({@code POST /v1/crawls}, 201): its id. */
    String createNative(String settings) throws IOException, InterruptedException {
        HttpResponse<String> r = answerPost("/v1/crawls", settings);
        if (r.statusCode() != 201) throw new AssertionError(r.statusCode() + ": " + r.body());
        return JSON.readTree(r.body()).path("id").asText();
    }

    /** Firecrawl's status of crawl {@code id} once it is no longer scraping, waiting at most {@code within}. */
    JsonNode waitForEnd(String id, Duration within) throws Exception {
        return waitForEnd("/v2/crawl/" + id, "status", within);
    }

    /** Firecrawl's status of batch scrape {@code id} once it is no longer scraping, waiting at most {@code within}. */
    JsonNode waitForBatch(String id, Duration within) throws Exception {
        return waitForEnd("/v2/batch/scrape/" + id, "status", within);
    }

    /** The native status of crawl {@code id} once it is no longer scraping, waiting at most {@code within}. */
    JsonNode waitForNative(String id, Duration within) throws Exception {
        return waitForEnd("/v1/crawls/" + id, "state", within);
    }

    private JsonNode waitForEnd(String path, String state, Duration within) throws Exception {
        long deadline = System.nanoTime() + within.toNanos();
        while (true) {
            JsonNode status;
            try {
                status = get(path);
            } catch (java.net.ConnectException e) { // the server is gone: say what it said before it went
                throw new AssertionError("serve stopped answering (" + (process.process().isAlive() ? "alive"
                        : "exited " + process.process().exitValue()) + "): " + process.stderr(), e);
            }
            if (!status.path(state).asText().equals("scraping")) return status;
            if (System.nanoTime() > deadline) {
                throw new AssertionError("still scraping after " + within.toSeconds() + " s: " + status + "\n"
                        + process.stderr());
            }
            Thread.sleep(100);
        }
    }

    /** Stops the server with SIGTERM, as a service manager does: it exits 143. */
    void stop() throws Exception {
        process.process().destroy();
        int exit = process.exit(60);
        if (exit != 143) throw new AssertionError("serve exited " + exit + ": " + process.stderr());
    }
}
