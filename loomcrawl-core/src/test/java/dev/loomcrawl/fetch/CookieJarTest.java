package dev.loomcrawl.fetch;

import org.eclipse.jetty.http.HttpCookie;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CookieJarTest {
    private static final CookieJar JAR_FOR_EXAMPLE = new CookieJar(h -> h.endsWith("example.com"));

    private static List<String> names(CookieJar jar, String uri) {
        return jar.match(URI.create(uri)).stream().map(HttpCookie::getName).sorted().toList();
    }

    @Test
    void cookiesGoWhereTheirDomainAndPathLetThem() {
        CookieJar jar = new CookieJar(h -> h.endsWith("example.com"));
        jar.add(URI.create("https://www.example.com/a/page"), HttpCookie.build("host", "1").path("/a").build());
        jar.add(URI.create("https://www.example.com/"), HttpCookie.build("wide", "2").domain("example.com").build());
        jar.add(URI.create("https://www.example.com/"), HttpCookie.build("tls", "3").secure(true).build());
        assertEquals(List.of("host", "tls", "wide"), names(jar, "https://www.example.com/a/b"));
        assertEquals(List.of("tls", "wide"), names(jar, "https://www.example.com/b"));
        assertEquals(List.of("wide"), names(jar, "http://docs.example.com/a/b")); // host-only and Secure stay
    }

    @Test
    void cookiesNeverCrossOutOfTheScope() {
        CookieJar jar = new CookieJar(h -> h.equals("www.example.com"));
        assertTrue(jar.add(URI.create("https://www.example.com/"),
                HttpCookie.build("wide", "1").domain("example.com").build()));
        assertEquals(List.of(), names(jar, "https://docs.example.com/")); // the domain allows it, the scope does not
        assertFalse(jar.add(URI.create("https://other.org/"), HttpCookie.build("x", "1").build()));
        assertTrue(jar.all().stream().noneMatch(c -> c.getName().equals("x")));
    }

    @Test
    void publicSuffixesCannotHoldCookies() {
        CookieJar jar = CookieJar.unscoped();
        assertFalse(jar.add(URI.create("https://a.co.uk/"), HttpCookie.build("s", "1").domain("co.uk").build()));
        assertFalse(jar.add(URI.create("https://me.github.io/"), HttpCookie.build("s", "1").domain("github.io").build()));
        assertTrue(jar.add(URI.create("https://shop.example.co.uk/"),
                HttpCookie.build("s", "1").domain("example.co.uk").build()));
        assertEquals(List.of("s"), names(jar, "https://www.example.co.uk/"));
    }

    @Test
    void theJarIsBounded() {
        CookieJar jar = CookieJar.unscoped();
        for (int i = 0; i < CookieJar.MAX_COOKIES + 50; i++) {
            jar.add(URI.create("http://example.com/"), HttpCookie.build("c" + i, "v").build());
        }
        assertEquals(CookieJar.MAX_COOKIES, jar.all().size());
        jar.add(URI.create("http://example.com/"), HttpCookie.build("c0", "v").maxAge(0).build()); // deleted
        assertEquals(CookieJar.MAX_COOKIES - 1, jar.all().size());
        assertTrue(jar.add(URI.create("http://example.com/"), HttpCookie.build("late", "v").build()));
    }

    @Test
    void netscapeFilesRoundTrip() {
        long later = Instant.now().plusSeconds(3600).getEpochSecond();
        String curl = "# Netscape HTTP Cookie File\n"
                + "# https://curl.se/docs/http-cookies.html\n\n"
                + "#HttpOnly_www.example.com\tFALSE\t/\tFALSE\t0\tsid\tabc123\n"
                + ".example.com\tTRUE\t/docs\tTRUE\t" + later + "\tlang\ten\n"
                + "www.example.com\tFALSE\t/\tFALSE\t1\told\tgone\n"; // expired in 1970
        CookieJar jar = CookieJar.unscoped();
        assertEquals(2, jar.addNetscape(curl));
        assertEquals(List.of("lang", "sid"), names(jar, "https://www.example.com/docs/x"));
        assertEquals(List.of("sid"), names(jar, "http://www.example.com/docs/x"));
        String written = jar.toNetscape();
        assertTrue(written.contains("#HttpOnly_www.example.com\tFALSE\t/\tFALSE\t0\tsid\tabc123\n"), written);
        assertTrue(written.contains(".example.com\tTRUE\t/docs\tTRUE\t" + later + "\tlang\ten\n"), written);
        CookieJar again = CookieJar.unscoped();
        assertEquals(2, again.addNetscape(written));
        assertEquals(written, again.toNetscape());
    }

    @Test
    void aBadLineIsNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CookieJar.unscoped().addNetscape("# Netscape HTTP Cookie File\nexample.com TRUE / FALSE 0 a b\n"));
        assertTrue(e.getMessage().startsWith("line 2 is not a cookies.txt line"), e.getMessage());
    }

    @Test
    void theVersionTellsWhetherToSave() {
        CookieJar jar = JAR_FOR_EXAMPLE;
        long before = jar.version();
        jar.add(URI.create("http://example.com/"), HttpCookie.build("v", "1").build());
        assertTrue(jar.version() > before);
    }
}
