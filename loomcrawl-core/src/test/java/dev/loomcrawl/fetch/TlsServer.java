package dev.loomcrawl.fetch;

import org.eclipse.jetty.alpn.server.ALPNServerConnectionFactory;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http2.server.HTTP2ServerConnectionFactory;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.SecureRequestCustomizer;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.SslConnectionFactory;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.ssl.SslContextFactory;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * A real Jetty server on 127.0.0.1 speaking HTTP/2 and HTTP/1.1 over TLS (chosen by ALPN), with a self-signed
 * certificate made by the JDK's keytool. Every page links to /b; it records the protocol of each request.
 */
public final class TlsServer implements AutoCloseable {
    final ConcurrentLinkedQueue<String> protocols = new ConcurrentLinkedQueue<>();
    private final Server server = new Server();
    private final ServerConnector connector;

    public TlsServer() throws Exception {
        Path dir = Files.createTempDirectory("loomcrawl-tls");
        Path keystore = dir.resolve("server.p12");
        String keytool = Path.of(System.getProperty("java.home"), "bin", "keytool").toString();
        Process p = new ProcessBuilder(keytool, "-genkeypair", "-alias", "server", "-keyalg", "EC", "-validity", "2",
                "-dname", "CN=localhost", "-ext", "SAN=dns:localhost,ip:127.0.0.1", "-storetype", "PKCS12",
                "-keystore", keystore.toString(), "-storepass", "secret123", "-keypass", "secret123")
                .redirectErrorStream(true).start();
        if (p.waitFor() != 0) throw new IllegalStateException(new String(p.getInputStream().readAllBytes()));

        HttpConfiguration config = new HttpConfiguration();
        SecureRequestCustomizer secure = new SecureRequestCustomizer(false, false, -1, false);
        config.addCustomizer(secure);
        HttpConnectionFactory h1 = new HttpConnectionFactory(config);
        HTTP2ServerConnectionFactory h2 = new HTTP2ServerConnectionFactory(config);
        ALPNServerConnectionFactory alpn = new ALPNServerConnectionFactory();
        alpn.setDefaultProtocol(h1.getProtocol());
        SslContextFactory.Server ssl = new SslContextFactory.Server();
        ssl.setKeyStorePath(keystore.toString());
        ssl.setKeyStorePassword("secret123");
        ssl.setSniRequired(false);
        connector = new ServerConnector(server, new SslConnectionFactory(ssl, alpn.getProtocol()), alpn, h2, h1);
        connector.setHost("127.0.0.1");
        server.addConnector(connector);
        server.setHandler(new Handler.Abstract() {
            @Override
            public boolean handle(Request request, Response response, Callback callback) {
                protocols.add(request.getConnectionMetaData().getProtocol());
                if (request.getHttpURI().getPath().startsWith("/slow")) {
                    try {
                        Thread.sleep(1000); // a second of silence before the answer
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                response.getHeaders().put(HttpHeader.CONTENT_TYPE, "text/html; charset=utf-8");
                Content.Sink.write(response, true, "<a href=/b>b</a>", callback);
                return true;
            }
        });
        try {
            server.start();
        } finally { // the key store is read at start: nothing is left in the temporary directory
            Files.deleteIfExists(keystore);
            Files.deleteIfExists(dir);
        }
    }

    public String url(String path) {
        return "https://127.0.0.1:" + connector.getLocalPort() + path;
    }

    public List<String> protocols() {
        return List.copyOf(protocols);
    }

    @Override
    public void close() throws Exception {
        server.stop();
    }
}
