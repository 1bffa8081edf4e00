package dev.loomcrawl;

import dev.loomcrawl.fetch.FetchResult;
import dev.loomcrawl.testkit.RecordedRequest;
import dev.loomcrawl.testkit.Route;
import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** HTTP credentials and cookies go to their own origin only, a redirect's target included; WARC never sees them. */
class CredentialsTest {
    private static final String BASIC = "Basic " + Base64.getEncoder().encodeToString("u:p@ss".getBytes(StandardCharsets.UTF_8));

    /** A netrc file as it should be: its owner's alone. */
    static Path netrc(Path file, String text) throws IOException {
        Files.writeString(file, text);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        return file;
    }

    @Test
    void aNetrcOthersMayReadIsRefusedWithOneLine(@TempDir Path dir) throws IOException {
        Path netrc = netrc(dir.resolve("netrc"), "machine 127.0.0.1 login u password p@ss\n");
        for (String loose : List.of("rw-r--r--", "rw-r-----", "rw----r--", "rw--w----")) {
            Files.setPosixFilePermissions(netrc, PosixFilePermissions.fromString(loose));
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> CrawlConfig.builder().root("http://127.0.0.1:1/").netrc(netrc).build().clientSetup());
            assertEquals("the netrc file " + netrc + " holds passwords but other users may read or change it ("
                    + loose + "): chmod 600 " + netrc, e.getMessage());
        }
        Files.setPosixFilePermissions(netrc, PosixFilePermissions.fromString("r--------"));
        assertEquals(1, CrawlConfig.builder().root("http://127.0.0.1:1/").netrc(netrc).build().clientSetup()
                .credentials().size());
    }

    @Test
    void credentialsAndCookiesStayWithTheirOriginAcrossARedirect(@TempDir Path dir) throws IOException {
        try (TestSite b = TestSite.builder().page("/landing", "<p>landed</p>").page("/", "<p>b</p>").start()) {
            Map<String, Route> routes = Map.of(
                    "/", new Route.Respond(200, Map.of("Content-Type", "text/html", "Set-Cookie", "a=1; Path=/"),
                            "<a href=/secret>s</a> <a href=/go>go</a>".getBytes(StandardCharsets.UTF_8)),
                    "/secret", new Route.Dynamic(r -> BASIC.equals(r.header("authorization"))
                            ? Route.Respond.html("<a href=/go>go</a>")
                            : new Route.Respond(401, Map.of("WWW-Authenticate", "Basic realm=\"intranet\""), new byte[0])),
                    "/go", new Route.Redirect(302, "http://localhost:" + b.port() + "/landing"));
            try (TestSite a = TestSite.builder().generated(routes::get).start()) {
                Path netrc = netrc(dir.resolve("netrc"), "machine 127.0.0.1:" + a.port()
                        + " login u password p@ss\n");
                Map<String, FetchResult.Response> responses = new ConcurrentHashMap<>();
                try (Crawler crawler = Crawler.builder(CrawlConfig.builder().root(a.url("/"))
                        .root("http://localhost:" + b.port() + "/").netrc(netrc).build()).build()) {
                    crawler.addListener(f -> {
                        if (f.response() != null) responses.put(f.record().url().toString(), f.response());
                    });
                    crawler.crawl();
                }
                assertEquals(200, responses.get(a.url("/secret")).status());
                RecordedRequest answered = a.requests().stream().filter(r -> r.target().equals("/secret")).toList().getLast();
                assertEquals(BASIC, answered.header("authorization"));
                assertEquals("a=1", answered.header("cookie"));
                RecordedRequest landing = b.requests().stream().filter(r -> r.target().equals("/landing")).findFirst()
                        .orElseThrow();
                assertNull(landing.header("authorization"), "credentials crossed to another origin");
                assertNull(landing.header("cookie"), "a cookie crossed to another origin");
                // what a WARC request record would show: the headers sent, credentials redacted
                List<Map.Entry<String, String>> sent = responses.get(a.url("/secret")).requestHeaders();
                assertTrue(sent.contains(Map.entry("Authorization", "[redacted]")), sent.toString());
                assertTrue(sent.contains(Map.entry("Cookie", "[redacted]")), sent.toString());
                assertTrue(sent.stream().noneMatch(h -> h.getValue().contains(BASIC.substring(6))));
            }
        }
    }

    /** A Digest challenge (RFC 7616, MD5, qop=auth), checked by hand: the response must prove the password. */
    private static Route digest(String user, String password) {
        return new Route.Dynamic(r -> {
            String auth = r.header("authorization");
            if (auth != null && auth.startsWith("Digest ")) {
                Map<String, String> f = new java.util.HashMap<>();
                java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\w+)=(?:\"([^\"]*)\"|([^,\\s]*))")
                        .matcher(auth.substring(7));
                while (m.find()) f.put(m.group(1), m.group(2) != null ? m.group(2) : m.group(3));
                String ha1 = md5(user + ":intranet:" + password);
                String ha2 = md5(r.method() + ":" + f.get("uri"));
                String expected = md5(ha1 + ":" + f.get("nonce") + ":" + f.get("nc") + ":" + f.get("cnonce") + ":"
                        + f.get("qop") + ":" + ha2);
                if (user.equals(f.get("username")) && expected.equals(f.get("response"))) {
                    return Route.Respond.html("digest ok");
                }
            }
            return new Route.Respond(401, Map.of("WWW-Authenticate",
                    "Digest realm=\"intranet\", qop=\"auth\", nonce=\"5f2b7c9e\", algorithm=MD5"), new byte[0]);
        });
    }

    private static String md5(String s) {
        try {
            return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("MD5")
                    .digest(s.getBytes(StandardCharsets.UTF_8)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void digestChallengesAreAnswered(@TempDir Path dir) throws IOException {
        try (TestSite a = TestSite.builder().route("/", digest("u", "p@ss")).start()) {
            Path netrc = netrc(dir.resolve("netrc"), "machine 127.0.0.1 login u password p@ss\n");
            CrawlRun run = CrawlRun.of(CrawlConfig.builder().root(a.url("/")).netrc(netrc));
            assertEquals(200, run.record(a.url("/")).status());
            Path wrong = netrc(dir.resolve("wrong"), "machine 127.0.0.1 login u password nope\n");
            assertEquals(401, CrawlRun.of(CrawlConfig.builder().root(a.url("/")).netrc(wrong)).record(a.url("/"))
                    .status());
        }
    }

    @Test
    void credentialsAreRecordedOnlyWhenAsked(@TempDir Path dir) throws IOException {
        Route secret = new Route.Dynamic(r -> BASIC.equals(r.header("authorization"))
                ? Route.Respond.html("ok") : new Route.Respond(401, Map.of("WWW-Authenticate", "Basic realm=\"x\""),
                new byte[0]));
        try (TestSite a = TestSite.builder().route("/", secret).start()) {
            Path netrc = netrc(dir.resolve("netrc"), "# ours\nmachine 127.0.0.1\n  login u\n  password p@ss\n");
            Map<String, FetchResult.Response> responses = new ConcurrentHashMap<>();
            try (Crawler crawler = Crawler.builder(CrawlConfig.builder().root(a.url("/")).netrc(netrc)
                    .recordCredentials(true).build()).build()) {
                crawler.addListener(f -> responses.put(f.record().url().toString(), f.response()));
                crawler.crawl();
            }
            assertTrue(responses.get(a.url("/")).requestHeaders().contains(Map.entry("Authorization", BASIC)));
        }
    }
}
