package dev.loomcrawl.serve.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomcrawl.serve.ApiError;
import dev.loomcrawl.serve.HostCheck;
import dev.loomcrawl.serve.Mount;
import dev.loomcrawl.serve.RequestBody;
import dev.loomcrawl.serve.Service;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.server.transport.ServerTransportSecurityValidator;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import org.eclipse.jetty.ee11.servlet.FilterHolder;
import org.eclipse.jetty.ee11.servlet.ServletContextHandler;
import org.eclipse.jetty.ee11.servlet.ServletHolder;
import org.eclipse.jetty.server.Handler;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.Set;

/**
 * The MCP server at {@code /mcp} of {@code loomcrawl serve}, over Streamable HTTP: the SDK's servlet transport in a
 * servlet context of serve's own Jetty server. A filter in front of it makes the checks serve's API makes: the
 * names a request gives the server (a loopback {@code Host} without API keys; no other site's {@code Origin}, against
 * DNS rebinding), the API keys, a body bounded by {@code --max-body}; then it checks the message as the stdio server
 * does ({@link Incoming}) and shows it to {@link Calls} (a cancellation is answered there: 202). Every refusal, the
 * SDK's own included ({@link ErrorBodies}), is a JSON-RPC error of one line, never a stack trace.
 */
public final class HttpMcp implements Mount {
    public static final String PATH = "/mcp";

    private final McpSyncServer server;
    private final ServletContextHandler context;

    private HttpMcp(McpSyncServer server, ServletContextHandler context) {
        this.server = server;
        this.context = context;
    }

    public static HttpMcp of(Service service, McpOptions options) {
        HttpServletStreamableServerTransportProvider transport = HttpServletStreamableServerTransportProvider
                .builder().jsonMapper(McpTools.JSON).mcpEndpoint(PATH)
                .securityValidator(ServerTransportSecurityValidator.NOOP) // Guard checks Host and Origin first
                .maxRequestSize((int) Math.min(Integer.MAX_VALUE, service.options().maxBody())).build();
        Calls calls = new Calls();
        McpSyncServer server = McpTools.build(McpServer.sync(transport), McpTools.tools(service, options), calls);
        ServletContextHandler context = new ServletContextHandler(PATH);
        context.setAllowNullPathInContext(true);
        ServletHolder holder = new ServletHolder("mcp", transport);
        holder.setAsyncSupported(true);
        context.addServlet(holder, "/*");
        FilterHolder filter = new FilterHolder(new Guard(service, HostCheck.of(service.options()), calls));
        filter.setAsyncSupported(true);
        context.addFilter(filter, "/*", EnumSet.of(DispatcherType.REQUEST));
        return new HttpMcp(server, context);
    }

    /** The handler to put before serve's own: it takes {@code /mcp} and leaves every other path. */
    @Override
    public Handler handler() {
        return context;
    }

    @Override
    public void close() {
        server.closeGracefully();
    }

    /**
     * The checks of every request before the SDK sees it: the names it gives the server ({@code Host}, as the API's
     * own; {@code Origin}), API keys, the body's bound, the message's shape ({@link Incoming}); then the messages
     * shown to {@link Calls}, and the SDK's error answers made ours ({@link ErrorBodies}).
     */
    private record Guard(Service service, HostCheck hosts, Calls calls) implements Filter {
        /** The methods of Streamable HTTP (and HEAD, GET's). */
        private static final Set<String> METHODS = Set.of("GET", "HEAD", "POST", "DELETE");

        @Override
        public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
                throws IOException, ServletException {
            HttpServletRequest request = (HttpServletRequest) req;
            HttpServletResponse response = (HttpServletResponse) res;
            if (!admitted(request, response)) return;
            ErrorBodies answer = new ErrorBodies(response);
            if (!request.getMethod().equals("POST")) {
                chain.doFilter(req, answer);
                if (!request.isAsyncStarted()) answer.finish(false);
                return;
            }
            byte[] body;
            try {
                body = RequestBody.read(request.getInputStream(), request.getContentLengthLong(),
                        service.options().maxBody());
            } catch (ApiError e) {
                answer(response, e.status(), Incoming.error(null, Incoming.INVALID_REQUEST, e.getMessage()));
                return;
            }
            JsonNode message;
            try {
                message = Incoming.check(body);
            } catch (Incoming.Invalid e) {
                answer(response, 400, e.answer());
                return;
            }
            String session = request.getHeader("Mcp-Session-Id");
            if (calls.incoming(message, session == null ? "" : session)) {
                response.setStatus(202);
                return;
            }
            chain.doFilter(new Body(request, Schemas.JSON.writeValueAsBytes(message)), answer);
            if (!request.isAsyncStarted()) answer.finish(!message.has("method"));
        }

        /**
         * The checks made before a body is read: the names the request gives the server, its key, its method;
         * false when it was refused (and answered).
         */
        private boolean admitted(HttpServletRequest request, HttpServletResponse response) throws IOException {
            try {
                hosts.host(request.getHeader("Host"));
                hosts.origin(request.getHeader("Origin"), request.getHeader("Host"));
            } catch (ApiError e) {
                refuse(request, response, e.status(), e.getMessage());
                return false;
            }
            if (!service.authorized(request.getHeader("Authorization"))) {
                response.setHeader("WWW-Authenticate", "Bearer");
                refuse(request, response, 401, "an API key is required: send Authorization: Bearer KEY");
                return false;
            }
            if (!METHODS.contains(request.getMethod())) { // not the servlet's TRACE echo, nor its OPTIONS
                response.setHeader("Allow", "GET, HEAD, POST, DELETE");
                refuse(request, response, 405, "method not allowed: /mcp takes POST, GET and DELETE");
                return false;
            }
            return true;
        }

        /** A request refused before its body was looked at: the rest of the body dropped, then the answer. */
        private static void refuse(HttpServletRequest request, HttpServletResponse response, int status,
                                   String message) throws IOException {
            RequestBody.dropRest(request.getInputStream(), request.getContentLengthLong());
            answer(response, status, Incoming.error(null, Incoming.INVALID_REQUEST, message));
        }

        private static void answer(HttpServletResponse response, int status, JsonNode error) throws IOException {
            response.setStatus(status);
            response.setContentType("application/json");
            response.getOutputStream().write(Schemas.JSON.writeValueAsBytes(error));
        }
    }

    /** The request with its body read already. */
    private static final class Body extends HttpServletRequestWrapper {
        private final byte[] body;

        Body(HttpServletRequest request, byte[] body) {
            super(request);
            this.body = body;
        }

        @Override
        public ServletInputStream getInputStream() {
            InputStream in = new ByteArrayInputStream(body);
            return new ServletInputStream() {
                @Override
                public boolean isFinished() {
                    return false;
                }

                @Override
                public boolean isReady() {
                    return true;
                }

                @Override
                public void setReadListener(ReadListener listener) {
                    throw new UnsupportedOperationException();
                }

                @Override
                public int read() throws IOException {
                    return in.read();
                }

                @Override
                public int read(byte[] b, int off, int len) throws IOException {
                    return in.read(b, off, len);
                }
            };
        }

        @Override
        public BufferedReader getReader() {
            return new BufferedReader(new InputStreamReader(getInputStream(), StandardCharsets.UTF_8));
        }

        @Override
        public int getContentLength() {
            return body.length;
        }

        @Override
        public long getContentLengthLong() {
            return body.length;
        }
    }
}
