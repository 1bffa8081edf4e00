package dev.loomcrawl.fetch;

import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.url.WebUrl;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

class JettyFetcherTest {

    private static HttpSettings settings(String root, boolean http2, boolean insecure) {
        return CrawlConfig.builder().root(root).http2(http2).insecure(insecure).build().httpSettings();
    }

    @Test
    void speaksHttp2OverTlsWhenTheServerOffersIt() throws Exception {
        try (TlsServer server = new TlsServer();
             JettyFetcher fetcher = new JettyFetcher(settings(server.url("/"), true, true))) {
            FetchResult.Response r = assertInstanceOf(FetchResult.Response.class,
                    fetcher.fetch(WebUrl.parse(server.url("/"))));
            assertEquals(200, r.status());
            assertEquals("HTTP/2.0", r.protocol());
            assertEquals(List.of("HTTP/2.0"), server.protocols());
        }
    }

    @Test
    void fallsBackToHttp11WhenHttp2IsOff() throws Exception {
        try (TlsServer server = new TlsServer();
             JettyFetcher fetcher = new JettyFetcher(settings(server.url("/"), false, true))) {
            FetchResult.Response r = assertInstanceOf(FetchResult.Response.class,
                    fetcher.fetch(WebUrl.parse(server.url("/"))));
            assertEquals("HTTP/1.1", r.protocol());
        }
    }

    @Test
    void anUntrustedCertificateIsATlsFailure() throws Exception {
        try (TlsServer server = new TlsServer();
             JettyFetcher fetcher = new JettyFetcher(settings(server.url("/"), true, false))) {
            FetchResult.Failure f = assertInstanceOf(FetchResult.Failure.class,
                    fetcher.fetch(WebUrl.parse(server.url("/"))));
            assertEquals(ErrorKind.TLS, f.kind(), f.message());
        }
    }
}
