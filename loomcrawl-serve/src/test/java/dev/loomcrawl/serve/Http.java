package dev.loomcrawl.serve;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** A real HTTP client of a serve on 127.0.0.1, for the tests: each answer with its status, body and headers. */
record Http(String base, String key) {
    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    record Answer(int status, String body, HttpResponse<String> response) {
        JsonNode json() {
            try {
                return Json.MAPPER.readTree(body);
            } catch (IOException e) {
                throw new AssertionError("not JSON (" + status + "): " + body, e);
            }
        }

        /**
         * The answer's one line: a Firecrawl 400's {@code details[0].message} (its {@code error} is "Bad Request"),
         * else its {@code error}.
         */
        String message() {
            JsonNode j = json();
            JsonNode detail = j.path("details").path(0).path("message");
            return detail.isTextual() ? detail.asText() : j.path("error").asText();
        }

        String header(String name) {
            return response.headers().firstValue(name).orElse(null);
        }
    }

    static Http of(Serve serve) {
        return new Http("http://127.0.0.1:" + serve.port(), null);
    }

    Http withKey(String k) {
        return new Http(base, k);
    }

    Answer post(String path, String json) {
        return send(HttpRequest.newBuilder(URI.create(base + path)).POST(HttpRequest.BodyPublishers.ofString(json))
                .header("Content-Type", "application/json"));
    }

    /** {@link #post} with the body sent in chunks, without a Content-Length. */
    Answer postChunked(String path, String json) {
        byte[] body = json.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        return send(HttpRequest.newBuilder(URI.create(base + path))
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new java.io.ByteArrayInputStream(body)))
                .header("Content-Type", "application/json"));
    }

    Answer get(String path) {
        return send(HttpRequest.newBuilder(URI.create(base + path)).GET());
    }

    Answer delete(String path) {
        return send(HttpRequest.newBuilder(URI.create(base + path)).DELETE());
    }

    private Answer send(HttpRequest.Builder b) {
        if (key != null) b.header("Authorization", "Bearer " + key);
        try {
            HttpResponse<String> r = CLIENT.send(b.timeout(Duration.ofSeconds(60)).build(),
                    HttpResponse.BodyHandlers.ofString());
            return new Answer(r.statusCode(), r.body(), r);
        } catch (IOException e) {
            throw new AssertionError(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** Polls the job until it is no longer scraping (at most {@code seconds}). */
    JsonNode finished(String statusPath, int seconds) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(seconds).toNanos();
        while (true) {
            JsonNode s = get(statusPath).json();
            if (!s.path("status").asText().equals("scraping")) return s;
            if (System.nanoTime() > deadline) throw new AssertionError("still scraping after " + seconds + " s: " + s);
            Thread.sleep(100);
        }
    }
}
