package dev.loomcrawl.fetch;

import dev.loomcrawl.url.WebUrl;
import org.eclipse.jetty.client.ConnectionPool;
import org.eclipse.jetty.client.ContentDecoder;
import org.eclipse.jetty.client.Destination;
import org.eclipse.jetty.client.FormRequestContent;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.Request;
import org.eclipse.jetty.client.Response;
import org.eclipse.jetty.client.Result;
import org.eclipse.jetty.client.transport.HttpClientConnectionFactory;
import org.eclipse.jetty.client.transport.HttpClientTransportDynamic;
import org.eclipse.jetty.http.HttpCookieStore;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.util.Fields;
import org.eclipse.jetty.http2.client.HTTP2Client;
import org.eclipse.jetty.http2.client.transport.ClientConnectionFactoryOverHTTP2;
import org.eclipse.jetty.io.ClientConnectionFactory;
import org.eclipse.jetty.io.ClientConnector;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.util.SocketAddressResolver;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.eclipse.jetty.util.thread.ScheduledExecutorScheduler;
import org.eclipse.jetty.util.thread.Scheduler;
import org.eclipse.jetty.util.thread.VirtualThreadPool;

import java.io.IOException;
import java.lang.ref.Cleaner;
import java.time.Duration;
import org.eclipse.jetty.client.HttpResponseException;
import org.eclipse.jetty.http.HttpStatus;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A {@link Fetcher} on Jetty 12's HttpClient: pooled keep-alive connections, HTTP/1.1 and (over TLS, by ALPN)
 * HTTP/2, no redirects followed. Cookies are kept in the setup's {@link CookieJar} (none without one); HTTP
 * authentication answers with the setup's {@link Credentials}; requests go through the setup's proxies, an
 * origin keeping its proxy ({@link ProxyRoutes}). The body is copied into memory as it arrives, up to the cap
 * ({@link CappedBody}); content decoding is done here rather than by the client, so the bytes as received stay
 * available.
 *
 * <p>The {@code Authorization}, {@code Proxy-Authorization} and {@code Cookie} headers sent are kept in a
 * response's request headers (and so in WARC request records) as {@code [redacted]}, unless the setup says to
 * record credentials.
 *
 * <p>TLS is set up (the JDK's trust store read, an {@code SSLContext} made: 40-60 ms of CPU) before the first https
 * request, not when the client starts: a crawl of http URLs never pays for it. Through proxies it is set up at once
 * (a proxy may be https, or tunnel to https).
 */
public final class JettyFetcher implements Fetcher {
    private static final String ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
    private static final String ACCEPT_ENCODING = "gzip, deflate, br";
    /**
     * The most bytes of response headers taken (status line included): Chromium's limit. Past it the fetch fails
     * as too large. Jetty sets none, and endless headers grew until the heap was gone.
     */
    static final int MAX_RESPONSE_HEADERS = 256 * 1024;

    /** Gives a body's bytes back to {@link #memory} once no one can reach it, whoever forgot to release it. */
    private static final Cleaner BODIES = Cleaner.create(Thread.ofVirtual().name("loomcrawl-body-cleaner").factory());

    private final ClientSetup setup;
    private final BodyMemory memory;
    private final HttpClient client;
    /** Each request in flight, with its body and the moment its wait ends whatever Jetty does (System.nanoTime). */
    private final Map<Request, Waiting> inFlight = new ConcurrentHashMap<>();
    private final Thread watchdog;
    private final SslContextFactory.Client tls;
    private final ProxyRoutes proxies;
    private volatile boolean cancelled;

    public JettyFetcher(ClientSetup setup) {
        this.setup = setup;
        this.memory = new BodyMemory(setup.http().maxBodyMemory() > 0 ? setup.http().maxBodyMemory()
                : BodyMemory.defaultCapacity());
        ClientConnector connector = new ClientConnector();
        tls = new SslContextFactory.Client(setup.http().insecure());
        if (setup.http().insecure()) tls.setEndpointIdentificationAlgorithm(null);
        connector.setSslContextFactory(tls);
        connector.unmanage(tls); // started by startTls(), not with the client
        List<ClientConnectionFactory.Info> protocols = new ArrayList<>();
        protocols.add(HttpClientConnectionFactory.HTTP11);
        if (setup.http().http2()) {
            HTTP2Client http2 = new HTTP2Client(connector);
            http2.setMaxResponseHeadersSize(MAX_RESPONSE_HEADERS);
            protocols.add(new ClientConnectionFactoryOverHTTP2.HTTP2(http2));
        }
        HttpClientTransportDynamic transport = new HttpClientTransportDynamic(connector,
                protocols.toArray(ClientConnectionFactory.Info[]::new));
        // Jetty's own pool looks at its connections one by one for a free one: at 10,000 to one origin, most of the
        // crawl's CPU. A free list finds one at once (decision 20).
        // It also gives an HTTP/1.1 connection back with the keep-alive as its idle timeout (decision 23).
        long keepAlive = setup.keepAlive().toMillis();
        transport.setConnectionPoolFactory(destination -> new FreeListPool.Connections(destination,
                destination.getHttpClient().getMaxConnectionsPerDestination(), keepAlive));
        client = new ManyOriginsHttpClient(transport);
        client.setFollowRedirects(false);
        client.setMaxResponseHeadersSize(MAX_RESPONSE_HEADERS); // unbounded by default: a site could fill the heap
        client.setHttpCookieStore(setup.cookies() == null ? new HttpCookieStore.Empty() : setup.cookies());
        Credentials credentials = new Credentials(setup.credentials());
        client.setAuthenticationStore(credentials);
        proxies = new ProxyRoutes(setup);
        proxies.install(client.getProxyConfiguration(), credentials);
        client.setConnectTimeout(setup.http().connectTimeout().toMillis());
        // A connection's idle timeout while it is opened, and an HTTP/2 session's (its streams have none of their
        // own); each request sets its own, and an HTTP/1.1 connection in the pool has the keep-alive's.
        client.setIdleTimeout(setup.http().idleTimeout().toMillis());
        client.setMaxConnectionsPerDestination(setup.maxConnections());
        client.setMaxRequestsQueuedPerDestination(Math.max(1024, setup.maxConnections() * 4));
        // Jetty keeps an origin's state (queue, pool, timers: about 2 KB) for good unless told: a broad crawl meets
        // each of its many origins for a while, then no more. It goes once its last connection has been closed and
        // a keep-alive more has passed (decisions 20 and 23).
        client.setDestinationIdleTimeout(keepAlive);
        client.setUserAgentField(new HttpField(HttpHeader.USER_AGENT, setup.http().userAgent()));
        VirtualThreadPool executor = new VirtualThreadPool(); // measured faster than Jetty's pooled threads here
        executor.setName("loomcrawl-http");
        Scheduler scheduler = new ScheduledExecutorScheduler("loomcrawl-http-scheduler", true);
        client.setExecutor(executor);
        client.setScheduler(scheduler);
        SocketAddressResolver resolver =
                new SocketAddressResolver.Async(executor, scheduler, setup.http().connectTimeout().toMillis());
        client.setSocketAddressResolver(new PinnedResolver(setup.http().pins(), resolver, setup.guard(),
                proxies.addresses()));
        // Jetty 12.1's start() looks its decoders up (ServiceLoader over the class path, 10-15 ms) when the list is
        // empty: a placeholder, taken out again below, keeps it from doing so.
        client.getContentDecoderFactories().put(new NoDecoding());
        try {
            client.start();
            if (!setup.proxies().isEmpty()) tls.start();
        } catch (Exception e) {
            throw new IllegalStateException("HTTP client did not start: " + e.getMessage(), e);
        }
        // No decoder at all: decoding is ours (ContentDecoding), so the body as received stays available and its
        // headers stay as sent.
        client.getContentDecoderFactories().clear();
        watchdog = Thread.ofVirtual().name("loomcrawl-fetch-deadlines").start(this::endOverdueWaits);
    }

    /** A request's body being received, and when its fetch stops waiting for it at the latest. */
    private record Waiting(CappedBody body, long deadlineNanos) {}

    /**
     * Once a second, ends the wait of every fetch past its deadline ({@code --fetch-timeout} and {@link #SLACK}).
     * Jetty's total timeout ends an exchange first, as a rule; but a server that sends interim (1xx) responses
     * stops Jetty's timers for that exchange, and its wait would last for ever (and Ctrl-C's abort too). One
     * thread scanning the fetches in flight costs nothing per fetch, where a timed wait would set a timer for each.
     */
    private void endOverdueWaits() {
        while (true) {
            try {
                Thread.sleep(1000);
            } catch (InterruptedException e) {
                return; // closed
            }
            long now = System.nanoTime();
            inFlight.forEach((request, waiting) -> {
                if (now - waiting.deadlineNanos() > 0) {
                    TimeoutException late = new TimeoutException("Total timeout "
                            + setup.http().fetchTimeout().toMillis() + " ms elapsed");
                    request.abort(late);
                    waiting.body().end(late);
                }
            });
        }
    }

    /** How long past {@code --fetch-timeout} a fetch waits for Jetty's own timeout before ending by itself. */
    static final Duration SLACK = Duration.ofSeconds(1);

    /** The placeholder decoder of the constructor: never used, since the list is cleared after start. */
    private static final class NoDecoding extends ContentDecoder.Factory {
        NoDecoding() {
            super("identity");
        }

        @Override
        public Content.Source newDecoderContentSource(Content.Source source) {
            return source;
        }
    }

    @Override
    public FetchResult fetch(WebUrl url, Validators validators) {
        return exchange(url, HttpMethod.GET, validators);
    }

    @Override
    public FetchResult head(WebUrl url) {
        return exchange(url, HttpMethod.HEAD, Validators.NONE);
    }

    /**
     * Submits an HTML form as a browser does ({@code application/x-www-form-urlencoded}, with POST or GET): the
     * same client, cookies and proxies as every fetch, never retried, no redirect followed.
     */
    public FetchResult submit(WebUrl url, String method, List<Map.Entry<String, String>> fields) {
        Fields form = new Fields();
        fields.forEach(f -> form.add(f.getKey(), f.getValue()));
        if (method.equalsIgnoreCase("GET")) {
            String query = FormRequestContent.convert(form);
            WebUrl target = WebUrl.tryParse("?" + query, url);
            return target == null ? failure(url, ErrorKind.PROTOCOL, "bad form action", System.nanoTime())
                    : exchange(target, HttpMethod.GET, Validators.NONE, null);
        }
        return exchange(url, HttpMethod.POST, Validators.NONE, new FormRequestContent(form));
    }

    private FetchResult exchange(WebUrl url, HttpMethod method, Validators validators) {
        return exchange(url, method, validators, null);
    }

    private FetchResult exchange(WebUrl url, HttpMethod method, Validators validators, Request.Content body) {
        return begin(url, method, validators, body).await();
    }

    /** A GET sent: the request is on its way (or failed already) when this returns. */
    @Override
    public Pending start(WebUrl url, Validators validators) {
        return begin(url, HttpMethod.GET, validators, null);
    }

    /** Sends the request; its pending fetch waits for the answer and makes it a result ({@link #finish}). */
    private Pending begin(WebUrl url, HttpMethod method, Validators validators, Request.Content body) {
        long start = System.nanoTime();
        if (cancelled) return done(failure(url, ErrorKind.CANCELLED, "crawl cancelled", start));
        if (url.scheme().equals("https") && !tls.isStarted()) {
            String failed = startTls();
            if (failed != null) return done(failure(url, ErrorKind.TLS, failed, start));
        }
        int proxy = proxies.route(url);
        if (proxy >= 0) {
            ProxyRoutes.Refusal refused = proxies.judge(url);
            if (refused != null) return done(failure(url, refused.kind(), refused.message(), start));
        }
        Request request = client.newRequest(WireUri.of(url)).method(method)
                .timeout(setup.http().fetchTimeout().toMillis(), TimeUnit.MILLISECONDS)
                .idleTimeout(setup.http().idleTimeout().toMillis(), TimeUnit.MILLISECONDS)
                .headers(h -> {
                    h.put(HttpHeader.ACCEPT, ACCEPT).put(HttpHeader.ACCEPT_ENCODING, ACCEPT_ENCODING);
                    // extra headers (credentials, typically) go to the roots' origins only, never across a redirect
                    if (setup.headerOrigins().contains(url.origin())) {
                        setup.http().headers().forEach(e -> h.add(e.getKey(), e.getValue()));
                    }
                    if (validators.etag() != null) h.put(HttpHeader.IF_NONE_MATCH, validators.etag());
                    if (validators.lastModified() != null) {
                        h.put(HttpHeader.IF_MODIFIED_SINCE, validators.lastModified());
                    }
                });
        if (body != null) request.body(body);
        if (proxy >= 0) request.tag(proxies.tag(proxy));
        CappedBody received = new CappedBody(setup.http().maxBodyBytes(), memory.claim());
        inFlight.put(request, new Waiting(received, start + setup.http().fetchTimeout().plus(SLACK).toNanos()));
        boolean sent = false;
        try {
            // cancelAll() may have run between the check above and the put
            if (cancelled) return done(failure(url, ErrorKind.CANCELLED, "crawl cancelled", start));
            request.send(received);
            sent = true;
        } finally {
            if (!sent) end(request, received, false);
        }
        return () -> finish(url, request, received, proxy, start);
    }

    /** A result known before any request is sent. */
    private static Pending done(FetchResult result) {
        return () -> result;
    }

    /** Waits for the answer to a request sent, and makes it a result; ends the exchange whatever happens. */
    private FetchResult finish(WebUrl url, Request request, CappedBody received, int proxy, long start) {
        boolean handedOver = false; // the body's claim went with the response
        try {
            Result result = received.await(); // the request's timeout ends it at the deadline, else the watchdog
            Throwable stopped = received.endedBy();
            if (received.refused() != null) {
                return failure(url, ErrorKind.MEMORY, received.refused().getMessage(), start);
            }
            if (stopped != null) {
                return stopped instanceof TimeoutException
                        ? failure(url, ErrorKind.TIMEOUT, FailureText.noResponseWithin(setup.http().fetchTimeout()),
                                start)
                        : failure(url, classify(stopped), FailureText.of(url, classify(stopped), stopped), start);
            }
            if (proxy >= 0 && received.answered()) proxies.answered(proxy);
            // once the response has begun, only its own failure counts (a server may answer before taking a body)
            Throwable cause = received.answered() ? result.getResponseFailure() : result.getFailure();
            // a 401 without WWW-Authenticate is failed by Jetty's authentication handler: it is still an answer
            if (cause instanceof HttpResponseException && received.answered()
                    && result.getResponse().getStatus() == HttpStatus.UNAUTHORIZED_401) cause = null;
            if (cause != null && !received.truncated()) {
                ErrorKind kind = classify(cause);
                if (cause instanceof TimeoutException t && String.valueOf(t.getMessage()).startsWith("Total timeout")) {
                    return failure(url, ErrorKind.TIMEOUT, FailureText.noResponseWithin(setup.http().fetchTimeout()),
                            start);
                }
                if (kind == ErrorKind.TOO_LARGE && !received.answered()) {
                    return failure(url, kind, "response headers over " + MAX_RESPONSE_HEADERS + " bytes", start);
                }
                if (proxy >= 0 && proxies.failed(proxy, kind)) {
                    return failure(url, kind, "proxy " + setup.proxies().get(proxy) + " failed: "
                            + FailureText.detail(cause), start);
                }
                return failure(url, kind, FailureText.of(url, kind, cause), start);
            }
            FetchResult read = read(url, result.getResponse(), received, start);
            handedOver = true;
            return read;
        } catch (BodyMemory.Refused e) { // no room to decode the body in
            return failure(url, ErrorKind.MEMORY, e.getMessage(), start);
        } catch (IOException e) { // a body that does not decode
            return failure(url, classify(e), FailureText.of(url, classify(e), e), start);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            request.abort(e);
            return failure(url, ErrorKind.CANCELLED, "interrupted", start);
        } finally {
            end(request, received, handedOver);
        }
    }

    /**
     * An exchange over: no longer watched, its unread bytes dropped, and unless the response has them, its bytes and
     * their claim given back.
     */
    private void end(Request request, CappedBody received, boolean handedOver) {
        inFlight.remove(request);
        if (handedOver) received.discard();
        else received.giveBack();
    }

    /** Whether TLS has been set up (by the first https request, or through proxies at once). */
    boolean tlsReady() {
        return tls.isStarted();
    }

    /** Sets TLS up, once (a second caller waits for the first); null, or why it could not be. */
    private String startTls() {
        try {
            tls.start();
            return null;
        } catch (Exception e) {
            return "TLS could not be set up: " + FailureText.detail(e);
        }
    }

    private FetchResult read(WebUrl url, Response response, CappedBody received, long start)
            throws IOException, InterruptedException {
        List<Map.Entry<String, String>> headers = new ArrayList<>(response.getHeaders().size());
        for (HttpField f : response.getHeaders()) {
            headers.add(Map.entry(f.getLowerCaseName(), f.getValue()));
        }
        byte[] wire = received.bytes();
        boolean truncated = received.truncated();
        String encoding = response.getHeaders().get(HttpHeader.CONTENT_ENCODING);
        byte[] body = wire;
        if (ContentDecoding.supported(encoding)) {
            BodyMemory.Claim claim = received.claim();
            long deadline = start + setup.http().fetchTimeout().plus(SLACK).toNanos();
            ContentDecoding.Decoded decoded = ContentDecoding.decode(encoding, wire, setup.http().maxBodyBytes(),
                    n -> claim.await(n, Math.max(deadline - System.nanoTime(), SLACK.toNanos())));
            body = decoded.body();
            truncated |= decoded.truncated();
        }
        List<Map.Entry<String, String>> sent = new ArrayList<>();
        // the request that got this response: after a 401, the one Jetty sent again with the credentials
        for (HttpField f : response.getRequest().getHeaders()) {
            boolean secret = !setup.recordCredentials() && (f.getHeader() == HttpHeader.AUTHORIZATION
                    || f.getHeader() == HttpHeader.PROXY_AUTHORIZATION || f.getHeader() == HttpHeader.COOKIE);
            sent.add(Map.entry(f.getName(), secret ? "[redacted]" : f.getValue()));
        }
        BodyMemory.Claim claim = received.claim();
        BODIES.register(wire, claim::close); // the wire body is in every copy of the response (withAttempts)
        return new FetchResult.Response(url, response.getStatus(), response.getVersion().asString(), sent, headers,
                body, wire, truncated, elapsed(start), 1, claim);
    }

    /** The connection pool of each origin fetched from so far (tests look at which pool, and how it stands). */
    List<ConnectionPool> connectionPools() {
        return client.getDestinations().stream().map(Destination::getConnectionPool).toList();
    }

    @Override
    public void cancelAll() {
        cancelled = true;
        CancellationException cause = new CancellationException("crawl cancelled");
        inFlight.forEach((request, waiting) -> {
            request.abort(cause);
            waiting.body().end(cause);
        });
    }

    @Override
    public void close() {
        watchdog.interrupt();
        try {
            client.stop();
            tls.stop();
        } catch (Exception e) {
            // stopping a client releases sockets; a failure here leaves nothing to save
        }
    }

    private FetchResult failure(WebUrl url, ErrorKind kind, String message, long start) {
        return new FetchResult.Failure(url, cancelled ? ErrorKind.CANCELLED : kind, message, elapsed(start), 1);
    }

    private static Duration elapsed(long start) {
        return Duration.ofNanos(System.nanoTime() - start);
    }

    static ErrorKind classify(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            String m = c.getMessage() == null ? "" : c.getMessage().toLowerCase(Locale.ROOT);
            switch (c) {
                case CancellationException x -> { return ErrorKind.CANCELLED; }
                case AddressBlockedException x -> { return ErrorKind.BLOCKED; }
                case TimeoutException x -> { return ErrorKind.TIMEOUT; }
                case java.net.SocketTimeoutException x -> { return ErrorKind.TIMEOUT; }
                case java.net.UnknownHostException x -> { return ErrorKind.DNS; }
                case java.nio.channels.UnresolvedAddressException x -> { return ErrorKind.DNS; }
                case java.net.ConnectException x when m.contains("refused") -> { return ErrorKind.REFUSED; }
                case java.net.NoRouteToHostException x -> { return ErrorKind.UNREACHABLE; }
                case javax.net.ssl.SSLException x -> { return ErrorKind.TLS; }
                case java.io.EOFException x -> { return ErrorKind.RESET; }
                case java.nio.channels.ClosedChannelException x -> { return ErrorKind.RESET; }
                case org.eclipse.jetty.http.BadMessageException x -> {
                    return m.contains("too large") ? ErrorKind.TOO_LARGE : ErrorKind.PROTOCOL;
                }
                case org.eclipse.jetty.client.HttpResponseException x -> {
                    return m.contains("too large") ? ErrorKind.TOO_LARGE : ErrorKind.PROTOCOL;
                }
                default -> {
                    if (m.contains("reset") || m.contains("closed") || m.contains("broken pipe")) return ErrorKind.RESET;
                    if (m.contains("unreachable")) return ErrorKind.UNREACHABLE;
                }
            }
        }
        return ErrorKind.IO;
    }
}
