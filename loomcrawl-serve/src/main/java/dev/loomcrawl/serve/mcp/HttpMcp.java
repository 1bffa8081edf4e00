package dev.loomcrawl.serve.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomcrawl.serve.ApiError;
import dev.loomcrawl.serve.Mount;
import dev.loomcrawl.serve.RequestBody;
import dev.loomcrawl.serve.Service;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.DefaultServerTransportSecurityValidator;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
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

/**
 * The MCP server at {@code /mcp} of {@code loomcrawl serve}, over Streamable HTTP: the SDK's servlet transport in a
 * servlet context of serve's own Jetty server. A filter in front of it asks for serve's API keys (when it has
 * some), bounds a request's body by {@code --max-body}, and shows each message to {@link Calls} (a cancellation is
 * answered there: 202). Browsers' cross-site requests (an {@code Origin} header) are refused by the SDK's validator,
 * against DNS rebinding.
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
                .securityValidator(DefaultServerTransportSecurityValidator.builder().build())
                .maxRequestSize((int) Math.min(Integer.MAX_VALUE, service.options().maxBody())).build();
        Calls calls = new Calls();
        McpSyncServer server = McpTools.build(McpServer.sync(transport), McpTools.tools(service, options), calls);
        ServletContextHandler context = new ServletContextHandler(PATH);
        context.setAllowNullPathInContext(true);
        ServletHolder holder = new ServletHolder("mcp", transport);
        holder.setAsyncSupported(true);
        context.addServlet(holder, "/*");
        FilterHolder filter = new FilterHolder(new Guard(service, calls));
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

    /** API keys, the body's bound, and the messages shown to {@link Calls}. */
    private record Guard(Service service, Calls calls) implements Filter {
        @Override
        public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
                throws IOException, ServletException {
            HttpServletRequest request = (HttpServletRequest) req;
            HttpServletResponse response = (HttpServletResponse) res;
            if (!service.authorized(request.getHeader("Authorization"))) {
                RequestBody.dropRest(request.getInputStream(), request.getContentLengthLong());
                response.setHeader("WWW-Authenticate", "Bearer");
                answer(response, 401, "an API key is required: send Authorization: Bearer KEY");
                return;
            }
            if (!request.getMethod().equals("POST")) {
                chain.doFilter(req, res);
                return;
            }
            byte[] body;
            try {
                body = RequestBody.read(request.getInputStream(), request.getContentLengthLong(),
                        service.options().maxBody());
            } catch (ApiError e) {
                answer(response, e.status(), e.getMessage());
                return;
            }
            try {
                JsonNode message = Schemas.JSON.readTree(body);
                String session = request.getHeader("Mcp-Session-Id");
                if (message != null && calls.incoming(message, session == null ? "" : session)) {
                    response.setStatus(202);
                    return;
                }
                if (message != null) body = Schemas.JSON.writeValueAsBytes(message);
            } catch (IOException e) {
                // not JSON: the SDK's transport answers it
            }
            chain.doFilter(new Body(request, body), res);
        }

        private static void answer(HttpServletResponse response, int status, String message) throws IOException {
            response.setStatus(status);
            response.setContentType("application/json");
            var e = Schemas.JSON.createObjectNode().put("jsonrpc", "2.0").putNull("id");
            e.putObject("error").put("code", -32600).put("message", message);
            response.getOutputStream().write(Schemas.JSON.writeValueAsBytes(e));
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
