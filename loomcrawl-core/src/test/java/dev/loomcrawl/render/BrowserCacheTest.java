package dev.loomcrawl.render;

import dev.loomcrawl.fetch.FetchResult;
import dev.loomcrawl.url.WebUrl;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the crawl's browser cache keeps, for how long, and how much (RFC 9111's rules for a private cache). */
class BrowserCacheTest {
    private static final String DATE = "Wed, 25 Nov 2026 12:00:00 GMT";

    private static FetchResult.Response response(String url, int status, byte[] body, boolean truncated,
                                                 String... headers) {
        List<Map.Entry<String, String>> h = new ArrayList<>();
        for (int i = 0; i < headers.length; i += 2) h.add(Map.entry(headers[i], headers[i + 1]));
        return new FetchResult.Response(WebUrl.parse(url), status, "HTTP/1.1", List.of(), h, body, body, truncated,
                Duration.ofMillis(1), 1);
    }

    private static FetchResult.Response ok(String... headers) {
        return response("http://127.0.0.1/app.js", 200, "void 0;".getBytes(), false, headers);
    }

    @Test
    void aLifetimeComesFromMaxAgeThenExpiresThenATenthOfTheTimeSinceLastModified() {
        assertEquals(Duration.ofSeconds(600), BrowserCache.lifetime(ok("cache-control", "public, max-age=600")));
        assertEquals(Duration.ofSeconds(600), BrowserCache.lifetime(ok("cache-control", "max-age=\"600\"",
                "expires", "Wed, 25 Nov 2026 13:00:00 GMT", "date", DATE)), "max-age wins over Expires");
        assertEquals(Duration.ofHours(1), BrowserCache.lifetime(ok("expires", "Wed, 25 Nov 2026 13:00:00 GMT",
                "date", DATE)));
        assertEquals(Duration.ofHours(1), BrowserCache.lifetime(ok("last-modified", "Wed, 25 Nov 2026 02:00:00 GMT",
                "date", DATE)), "a tenth of 10 hours");
        assertEquals(Duration.ofDays(1), BrowserCache.lifetime(ok("last-modified", "Mon, 01 Jan 2024 00:00:00 GMT",
                "date", DATE)), "at most a day");
        assertEquals(Duration.ofDays(1), BrowserCache.lifetime(ok("cache-control", "max-age=31536000")));
        assertEquals(Duration.ofSeconds(5), BrowserCache.lifetime(ok("cache-control", "private, s-maxage=9, max-age=5")),
                "a private cache may keep what is private");
    }

    @Test
    void whatHttpSaysNotToReuseIsNotKept() {
        assertNull(BrowserCache.lifetime(ok()), "no freshness information at all");
        assertNull(BrowserCache.lifetime(ok("cache-control", "no-store, max-age=600")));
        assertNull(BrowserCache.lifetime(ok("cache-control", "no-cache, max-age=600")));
        assertNull(BrowserCache.lifetime(ok("cache-control", "max-age=0")));
        assertNull(BrowserCache.lifetime(ok("cache-control", "max-age=soon")));
        assertNull(BrowserCache.lifetime(ok("expires", "0", "date", DATE)), "an invalid Expires is in the past");
        assertNull(BrowserCache.lifetime(ok("expires", "Wed, 25 Nov 2026 11:00:00 GMT", "date", DATE)));
        assertNull(BrowserCache.lifetime(ok("cache-control", "max-age=600", "set-cookie", "a=b")));
        assertNull(BrowserCache.lifetime(ok("cache-control", "max-age=600", "vary", "Cookie")));
        assertEquals(Duration.ofSeconds(600), BrowserCache.lifetime(ok("cache-control", "max-age=600",
                "vary", "Accept-Encoding")), "content coding is decoded before it is kept");
        assertNull(BrowserCache.lifetime(response("http://127.0.0.1/a", 404, new byte[0], false,
                "cache-control", "max-age=600")));
        assertNull(BrowserCache.lifetime(response("http://127.0.0.1/a", 200, new byte[10], true,
                "cache-control", "max-age=600")), "a body cut at the cap");
        assertNull(BrowserCache.lifetime(response("http://127.0.0.1/a", 200, new byte[BrowserCache.MAX_ENTRY + 1],
                false, "cache-control", "max-age=600")));
    }

    @Test
    void aResponseIsGivenAgainWhileFreshAndNotAfter() {
        AtomicLong now = new AtomicLong();
        BrowserCache cache = new BrowserCache(1 << 20, now::get);
        FetchResult.Response r = ok("cache-control", "max-age=10");
        assertTrue(cache.offer(r));
        assertFalse(cache.offer(ok("cache-control", "no-store")), "replaces nothing either");
        FetchResult.Response kept = cache.get(r.url());
        assertSame(r.body(), kept.body(), "the body is shared, not copied");
        assertEquals(r.headers(), kept.headers());
        now.set(Duration.ofSeconds(9).toNanos());
        assertSame(r.body(), cache.get(r.url()).body());
        now.set(Duration.ofSeconds(10).toNanos());
        assertNull(cache.get(r.url()), "stale");
        assertEquals(0, cache.size());
        assertEquals(0, cache.bytes());
    }

    @Test
    void theLeastRecentlyUsedGoFirstBeyondTheBound() {
        BrowserCache cache = new BrowserCache(250, () -> 0);
        for (String name : List.of("a", "b", "c")) {
            cache.offer(response("http://127.0.0.1/" + name, 200, new byte[100], false, "cache-control", "max-age=60"));
            if (name.equals("b")) cache.get(WebUrl.parse("http://127.0.0.1/a")); // a used after b
        }
        assertEquals(2, cache.size());
        assertEquals(200, cache.bytes());
        assertNull(cache.get(WebUrl.parse("http://127.0.0.1/b")), "least recently used");
        assertTrue(cache.get(WebUrl.parse("http://127.0.0.1/a")) != null);
        assertTrue(cache.get(WebUrl.parse("http://127.0.0.1/c")) != null);
        cache.offer(response("http://127.0.0.1/c", 200, new byte[50], false, "cache-control", "max-age=60"));
        assertEquals(150, cache.bytes(), "a response kept again replaces the old one");
    }
}
