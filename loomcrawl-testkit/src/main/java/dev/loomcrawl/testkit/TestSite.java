package dev.loomcrawl.testkit;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * A web site declared as data ({@link Route}s by path), served by the JDK's {@link HttpServer} on a real
 * socket on 127.0.0.1 (or another loopback address, {@link Builder#address}) and an ephemeral port. Every request
 * it receives is recorded. Paths with no route get a 404. Close it to stop the server.
 */
public final class TestSite implements AutoCloseable {
    private final Map<String, Route> routes;
    private final Function<String, Route> generated;
    private final boolean recording;
    private final Map<String, AtomicInteger> drops = new ConcurrentHashMap<>(); // requests so far, per target
    private final ConcurrentLinkedQueue<Logged> requests = new ConcurrentLinkedQueue<>();
    private final AtomicInteger arrivals = new AtomicInteger();

    /** A request in the log: entered on arrival, before any answer, so a client never sees an answer first. */
    private static final class Logged {
        final RecordedRequest arrived;
        volatile long endNanos;
        volatile boolean answered;

        Logged(RecordedRequest arrived) {
            this.arrived = arrived;
        }

        RecordedRequest snapshot() {
            long end = endNanos == 0 ? arrived.startNanos() : endNanos; // still being answered: no length yet
            return new RecordedRequest(arrived.method(), arrived.target(), arrived.headers(), arrived.startNanos(), end,
                    arrived.remotePort());
        }
    }
    private final HttpServer server;
    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();

    private TestSite(Map<String, Route> routes, Function<String, Route> generated, boolean recording,
                     InetAddress address, int port) throws IOException {
        this.routes = Map.copyOf(routes);
        this.generated = generated;
        this.recording = recording;
        server = HttpServer.create(new InetSocketAddress(address, port), 4096);
        server.setExecutor(executor);
        server.createContext("/", this::handle);
        server.start();
    }

    public static Builder builder() {
        return new Builder();
    }

    public int port() {
        return server.getAddress().getPort();
    }

    /** The absolute URL of {@code path} on this site, by its address (127.0.0.1 unless another was given). */
    public String url(String path) {
        return "http://" + server.getAddress().getAddress().getHostAddress() + ":" + port() + path;
    }

    /** The URL of {@code path} under another host name (which the crawler must resolve to 127.0.0.1). */
    public String url(String host, String path) {
        return "http://" + host + ":" + port() + path;
    }

    /** How many requests have arrived, answered or not (the same as {@code requests().size()}). */
    public int arrivals() {
        return arrivals.get();
    }

    /**
     * Every request received so far, in arrival order. A request still being answered has its end time equal to
     * its start time.
     */
    public List<RecordedRequest> requests() {
        return requests.stream().map(Logged::snapshot).toList();
    }

    /** How many requests for {@code target} were answered in full (not dropped, not abandoned by the client). */
    public long answeredCount(String target) {
        return requests.stream().filter(r -> r.answered && r.arrived.target().equals(target)).count();
    }

    /** How many requests asked for {@code target} (path plus query). */
    public long requestCount(String target) {
        return requests.stream().filter(r -> r.arrived.target().equals(target)).count();
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }

    private void handle(HttpExchange exchange) throws IOException {
        long start = System.nanoTime();
        arrivals.incrementAndGet();
        String target = exchange.getRequestURI().getRawPath()
                + (exchange.getRequestURI().getRawQuery() == null ? "" : "?" + exchange.getRequestURI().getRawQuery());
        Map<String, List<String>> headers = new LinkedHashMap<>();
        exchange.getRequestHeaders().forEach((k, v) -> headers.put(k.toLowerCase(Locale.ROOT), List.copyOf(v)));
        Logged logged = new Logged(new RecordedRequest(exchange.getRequestMethod(), target, headers, start, 0,
                exchange.getRemoteAddress().getPort()));
        if (recording) requests.add(logged);
        try {
            Route route = routes.get(target);
            if (route == null) route = generated.apply(target);
            answer(exchange, target, route == null ? NOT_FOUND : route, logged);
            logged.answered = true;
        } finally {
            if (logged.endNanos == 0) logged.endNanos = System.nanoTime(); // before the exchange closes
            exchange.close();
        }
    }

    private static final Route NOT_FOUND = new Route.Respond(404, Map.of("Content-Type", "text/html"),
            "<html><body>Not found</body></html>".getBytes(StandardCharsets.UTF_8));

    /**
     * Answers with {@code route}. A whole answer (a response, a redirect) is logged as ended just before it is
     * sent, since the client may see it end, and send its next request, before this thread runs on.
     */
    private void answer(HttpExchange exchange, String target, Route route, Logged logged) throws IOException {
        switch (route) {
            case Route.Respond r -> {
                r.headers().forEach(exchange.getResponseHeaders()::add);
                logged.endNanos = System.nanoTime();
                boolean head = exchange.getRequestMethod().equals("HEAD");
                exchange.sendResponseHeaders(r.status(), head || r.body().length == 0 ? -1 : r.body().length);
                // in slices: one write of a large array makes the JDK copy all of it into a direct buffer that
                // each server thread then keeps (a hundred 10 MiB bodies at once filled the test's heap)
                if (!head) {
                    OutputStream out = exchange.getResponseBody();
                    for (int at = 0; at < r.body().length; at += 65536) {
                        out.write(r.body(), at, Math.min(65536, r.body().length - at));
                    }
                }
            }
            case Route.Validated v -> {
                if (v.etag() != null) exchange.getResponseHeaders().add("ETag", v.etag());
                if (v.lastModified() != null) exchange.getResponseHeaders().add("Last-Modified", v.lastModified());
                String ifNoneMatch = exchange.getRequestHeaders().getFirst("If-None-Match");
                String ifModifiedSince = exchange.getRequestHeaders().getFirst("If-Modified-Since");
                boolean unchanged = v.etag() != null ? v.etag().equals(ifNoneMatch)
                        : v.lastModified() != null && v.lastModified().equals(ifModifiedSince);
                if (unchanged) {
                    logged.endNanos = System.nanoTime();
                    exchange.sendResponseHeaders(304, -1);
                } else {
                    answer(exchange, target, v.then(), logged);
                }
            }
            case Route.Dynamic d -> {
                String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
                Map<String, List<String>> headers = new LinkedHashMap<>();
                exchange.getRequestHeaders().forEach((k, v) -> headers.put(k.toLowerCase(Locale.ROOT), List.copyOf(v)));
                answer(exchange, target, d.answer().apply(new Route.Request(exchange.getRequestMethod(), target,
                        headers, body)), logged);
            }
            case Route.Redirect r -> {
                exchange.getResponseHeaders().add("Location", r.location());
                logged.endNanos = System.nanoTime();
                exchange.sendResponseHeaders(r.status(), -1);
            }
            case Route.Delay d -> {
                sleep(d.delay());
                answer(exchange, target, d.then(), logged);
            }
            case Route.Sequence seq -> {
                int n = drops.computeIfAbsent(target, t -> new AtomicInteger()).getAndIncrement();
                answer(exchange, target, seq.routes().get(Math.min(n, seq.routes().size() - 1)), logged);
            }
            case Route.DropFirst d -> {
                if (drops.computeIfAbsent(target, t -> new AtomicInteger()).incrementAndGet() <= d.times()) {
                    // The JDK server closes the connection, unanswered, when a handler throws.
                    throw new IllegalStateException("test site: dropping connection for " + target);
                }
                answer(exchange, target, d.then(), logged);
            }
            case Route.Trickle t -> {
                exchange.getResponseHeaders().add("Content-Type", "text/html");
                exchange.sendResponseHeaders(200, t.length() < 0 ? 0 : t.length());
                OutputStream out = exchange.getResponseBody();
                for (long i = 0; t.length() < 0 || i < t.length(); i++) {
                    out.write('x');
                    out.flush();
                    sleep(t.interval());
                }
            }
            case Route.Huge h -> {
                exchange.getResponseHeaders().add("Content-Type", "text/html");
                exchange.sendResponseHeaders(200, h.declareLength() ? h.length() : 0);
                byte[] chunk = "<p>huge</p>\n".repeat(1365).getBytes(StandardCharsets.US_ASCII);
                OutputStream out = exchange.getResponseBody();
                for (long sent = 0; sent < h.length(); sent += chunk.length) {
                    out.write(chunk, 0, (int) Math.min(chunk.length, h.length() - sent));
                }
            }
        }
    }

    private static void sleep(Duration d) {
        try {
            Thread.sleep(d);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UncheckedIOException(new java.io.InterruptedIOException("test site stopped"));
        }
    }

    /** Declares a site, path by path. Paths include the query, exactly as the crawler will request them. */
    public static final class Builder {
        private final Map<String, Route> routes = new LinkedHashMap<>();
        private Function<String, Route> generated = target -> null;
        private boolean recording = true;
        private InetAddress address = InetAddress.getLoopbackAddress();
        private int port;

        /** Answers targets that have no declared route with what {@code routes} makes of them (null: a 404). */
        public Builder generated(Function<String, Route> routes) {
            this.generated = routes;
            return this;
        }

        /** Turns the request log off (for benchmarks that send millions of requests); arrivals are still counted. */
        public Builder recording(boolean on) {
            this.recording = on;
            return this;
        }

        /**
         * Serves on this loopback address (any of 127.0.0.0/8: distinct hosts for one machine's crawl of many
         * origins) instead of 127.0.0.1. Anything but a loopback address is refused: test sites stay on the machine.
         */
        public Builder address(InetAddress loopback) {
            if (!loopback.isLoopbackAddress()) {
                throw new IllegalArgumentException(loopback.getHostAddress() + " is not a loopback address");
            }
            this.address = loopback;
            return this;
        }

        /** Serves on this port instead of an ephemeral one (see {@link TestSite#freePort()}). */
        public Builder port(int port) {
            this.port = port;
            return this;
        }

        public Builder route(String target, Route route) {
            routes.put(target, route);
            return this;
        }

        /** A 200 {@code text/html; charset=utf-8} page. */
        public Builder page(String target, String html) {
            return route(target, Route.Respond.html(html));
        }

        /** A 200 response of the given content type. */
        public Builder resource(String target, String contentType, byte[] body) {
            return route(target, new Route.Respond(200, Map.of("Content-Type", contentType), body));
        }

        public Builder status(String target, int status) {
            return route(target, new Route.Respond(status, Map.of("Content-Type", "text/html"),
                    ("<html><body>status " + status + "</body></html>").getBytes(StandardCharsets.UTF_8)));
        }

        public Builder redirect(String target, int status, String location) {
            return route(target, new Route.Redirect(status, location));
        }

        public Builder robots(String robotsTxt) {
            return resource("/robots.txt", "text/plain", robotsTxt.getBytes(StandardCharsets.UTF_8));
        }

        /** Adds every page of {@code pages} (path to HTML). */
        public Builder pages(Map<String, String> pages) {
            pages.forEach(this::page);
            return this;
        }

        public TestSite start() {
            try {
                return new TestSite(routes, generated, recording, address, port);
            } catch (IOException e) {
                throw new UncheckedIOException("test site could not start", e);
            }
        }
    }

    /** Sockets holding the ports {@link #closedPort} handed out, for as long as the JVM runs. */
    private static final java.util.List<java.net.Socket> HELD = new java.util.concurrent.CopyOnWriteArrayList<>();

    /**
     * A loopback port on which connections are refused, for as long as this JVM runs: a socket bound to it that
     * does not listen holds it. A port picked by binding a socket and closing it again is free for anyone: another
     * process (another build's test server, a browser's debugging port) may take it and answer there, and did.
     * Nothing else can bind this one (the socket does not allow its address to be reused), and the system does not
     * hand it out as an ephemeral port.
     */
    public static int closedPort() {
        try {
            java.net.Socket socket = new java.net.Socket();
            socket.setReuseAddress(false);
            socket.bind(new java.net.InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            HELD.add(socket);
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A loopback port free right now, for a site whose pages must name their own URL before it starts. */
    public static int freePort() {
        try (var socket = new java.net.ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A densely cross-linked site of {@code n} pages: {@code /p0} .. {@code /p(n-1)}, each linking to
     * {@code /p0}, to the next page (so all are reachable) and to {@code links} others (deterministic).
     */
    public static Map<String, String> crossLinked(int n, int links) {
        Map<String, String> pages = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) pages.put("/p" + i, crossLinkedPage(i, n, links));
        return pages;
    }

    /** Page {@code /p<i>} of {@link #crossLinked(int, int)}. */
    public static String crossLinkedPage(int i, int n, int links) {
        List<String> anchors = new ArrayList<>();
        anchors.add("<a href=\"/p0\">home</a>");
        anchors.add("<a href=\"/p" + (i + 1) % n + "\">next</a>");
        for (int k = 1; k <= links; k++) {
            anchors.add("<a href=\"/p" + ((i * 7L + k * 13L) % n) + "\">link " + k + "</a>");
        }
        return "<!doctype html><html><head><title>page " + i + "</title></head><body>"
                + String.join("\n", anchors) + "</body></html>";
    }

    /** {@link #crossLinkedGenerator(int, int)}, each page answered {@code latency} after it is asked for. */
    public static Function<String, Route> crossLinkedGenerator(int n, int links, Duration latency) {
        Function<String, Route> pages = crossLinkedGenerator(n, links);
        return latency.isZero() ? pages : target -> {
            Route page = pages.apply(target);
            return page == null ? null : new Route.Delay(latency, page);
        };
    }

    /**
     * How many times each page {@code /p<i>} of a {@link #crossLinked} site was requested, by {@code i}
     * (requests for other targets, robots.txt say, are not counted).
     */
    public int[] fetchesPerCrossLinkedPage(int pages) {
        int[] counts = new int[pages];
        requests().forEach(r -> {
            if (r.target().startsWith("/p")) counts[Integer.parseInt(r.target().substring(2))]++;
        });
        return counts;
    }

    /**
     * The same site as {@link #crossLinked(int, int)}, made page by page as requested instead of held in memory:
     * for sites of millions of pages. Add it with {@link Builder#generated}.
     */
    public static Function<String, Route> crossLinkedGenerator(int n, int links) {
        return target -> {
            if (!target.matches("/p\\d{1,9}")) return null;
            long i = Long.parseLong(target.substring(2));
            return i < n && target.equals("/p" + i) ? Route.Respond.html(crossLinkedPage((int) i, n, links)) : null;
        };
    }
}
