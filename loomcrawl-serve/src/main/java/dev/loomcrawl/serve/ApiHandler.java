package dev.loomcrawl.serve;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.Fields;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The HTTP side, on a virtual thread per request: the API key, the body's bound, the route, and the answer. Any
 * failure becomes an answer of one line: a request's mistake its 4xx, anything else a 500 that says only that (the
 * detail goes to the server's log), so no response ever holds a stack trace.
 */
final class ApiHandler extends Handler.Abstract {
    private static final Logger log = LoggerFactory.getLogger(ApiHandler.class);

    private final Routes routes;
    /** Only the page's own files and API: no inline script, no other origin, not framed. */
    private static final String CSP = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
            + "img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";
    private final Set<byte[]> keys;
    private final HostCheck hosts;
    private final long maxBody;

    ApiHandler(Routes routes, ServeOptions server) {
        this.routes = routes;
        this.keys = new java.util.HashSet<>();
        server.apiKeys().forEach(k -> keys.add(k.getBytes(StandardCharsets.UTF_8)));
        this.maxBody = server.maxBody();
        this.hosts = HostCheck.of(server);
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        Answer answer;
        try {
            answer = answer(request);
        } catch (ApiError e) {
            String path = request.getHttpURI().getPath();
            answer = path != null && Routes.firecrawlVersion(path) != null ? Answer.firecrawlError(e)
                    : Answer.error(e);
        } catch (RuntimeException | StackOverflowError e) {
            String redis = SharedJobs.redisFailure(e);
            if (redis != null) { // --frontier's Redis away or refusing: said in one line, and no bug of ours
                log.warn("{} {} failed: {}", request.getMethod(), request.getHttpURI().getPath(), redis);
                answer = Answer.error(new ApiError(503, "the jobs' Redis cannot be used now", 5));
            } else {
                log.error("{} {} failed", request.getMethod(), request.getHttpURI().getPath(), e);
                answer = Answer.error(new ApiError(500, "internal error; the server's log says more"));
            }
        }
        if (answer.status() >= 400) dropBody(request);
        response.setStatus(answer.status());
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, answer.contentType());
        response.getHeaders().put("X-Content-Type-Options", "nosniff");
        Answer.Download download = answer.download();
        // a job's file holds what crawled pages said: it runs nothing, in an origin of its own, and is saved
        response.getHeaders().put("Content-Security-Policy", download == null ? CSP : "sandbox; " + CSP);
        if (download != null) {
            response.getHeaders().put(HttpHeader.CONTENT_DISPOSITION, (download.inline() ? "inline" : "attachment")
                    + "; filename=\"" + download.name() + "\""); // a safe name: letters, digits, '.', '_', '-'
        }
        if (answer.retryAfter() > 0) response.getHeaders().put(HttpHeader.RETRY_AFTER, answer.retryAfter());
        if (answer.status() == 401) response.getHeaders().put(HttpHeader.WWW_AUTHENTICATE, "Bearer");
        if (answer.streamed() != null) {
            stream(answer.streamed(), response, callback);
            return true;
        }
        response.write(true, ByteBuffer.wrap(answer.body()), callback);
        return true;
    }

    /** Writes a streamed body as it is made (blocking, on this request's virtual thread); a client gone ends it. */
    private static void stream(Answer.Streamed body, Response response, Callback callback) {
        response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
        try (java.io.OutputStream out = Content.Sink.asOutputStream(response)) {
            body.writeTo(out);
        } catch (IOException | RuntimeException e) {
            log.debug("a streamed answer ended early: {}", e.toString());
            callback.failed(e);
            return;
        }
        callback.succeeded();
    }

    private Answer answer(Request request) {
        String path = request.getHttpURI().getPath();
        if (path == null) path = "/";
        hosts.host(request.getHeaders().get(HttpHeader.HOST));
        if (!Routes.open(path)) authorize(request.getHeaders().get(HttpHeader.AUTHORIZATION));
        List<String> segments = new ArrayList<>();
        String version = Routes.firecrawlVersion(path);
        if (version != null) {
            for (String s : path.substring(3).split("/")) {
                if (!s.isEmpty()) segments.add(s);
            }
        } else if (!path.equals("/healthz") && !path.equals("/metrics") && !path.equals("/v1/jobs")
                && !JobsPage.isFile(path) && !NativeApi.answers(path)) {
            throw new ApiError(404, "no endpoint " + (path.length() > 100 ? path.substring(0, 100) : path)
                    + "; loomcrawl serve answers Firecrawl's /v2 API");
        }
        Map<String, String> query = new HashMap<>();
        Fields params = Request.extractQueryParameters(request);
        params.forEach(f -> query.put(f.getName(), f.getValue()));
        byte[] body = new byte[0];
        if (request.getMethod().equals("POST")) {
            // a page of another site can send a form (text/plain) to this server, never JSON without asking first
            String type = request.getHeaders().get(HttpHeader.CONTENT_TYPE);
            if (type == null || !type.toLowerCase(java.util.Locale.ROOT).strip().startsWith("application/json")) {
                throw new ApiError(415, "the request body must be JSON, sent with Content-Type: application/json");
            }
            body = body(request);
        }
        String host = request.getHeaders().get(HttpHeader.HOST);
        String base = request.getHttpURI().getScheme() + "://" + (host != null ? host
                : Request.getServerName(request) + ":" + Request.getServerPort(request));
        return routes.answer(path, new Call(request.getMethod(), segments, query, body, base,
                version == null ? "v2" : version));
    }

    /** A 401 unless the server asks for no key or the request brings one of its keys. */
    private void authorize(String header) {
        authorize(header, keys);
    }

    /** The same check for another front end (the MCP endpoint). */
    static void authorize(String header, ServeOptions server) {
        Set<byte[]> keys = new java.util.HashSet<>();
        server.apiKeys().forEach(k -> keys.add(k.getBytes(StandardCharsets.UTF_8)));
        authorize(header, keys);
    }

    private static void authorize(String header, Set<byte[]> keys) {
        if (keys.isEmpty()) return;
        if (header == null || !header.regionMatches(true, 0, "Bearer ", 0, 7)) {
            throw new ApiError(401, "an API key is required: send Authorization: Bearer KEY");
        }
        byte[] given = header.substring(7).strip().getBytes(StandardCharsets.UTF_8);
        boolean match = false;
        for (byte[] k : keys) match |= MessageDigest.isEqual(k, given); // every key compared, in constant time
        if (!match) throw new ApiError(401, "the API key is not one of this server's");
    }

    /** The body, at most {@code --max-body} bytes (413 past it). */
    private byte[] body(Request request) {
        try (InputStream in = Content.Source.asInputStream(request)) {
            return RequestBody.read(in, request.getLength(), maxBody);
        } catch (IOException e) {
            throw ApiError.badRequest("the request body could not be read: " + e.getMessage());
        }
    }

    /** Reads and drops what is left of a refused request's body, so that its client reads the answer. */
    private static void dropBody(Request request) {
        try (InputStream in = Content.Source.asInputStream(request)) {
            RequestBody.dropRest(in, request.getLength());
        } catch (IOException e) {
            // the client went away
        }
    }
}
