package dev.loomcrawl.limits;

import dev.loomcrawl.internal.limits.CrawlLimits;
import dev.loomcrawl.url.WebUrl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

/** {@link CrawlLimits#normalize}: the well-known session ids go, everything else stays as it was. */
class NormalizeTest {
    private final CrawlLimits limits = new CrawlLimits(LimitSettings.defaults());

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "http://h/shop/item;jsessionid=8F3A9B2C44D1E0F7A6B5C4D3E2F1A0B9?id=3 | http://h/shop/item?id=3",
            "http://h/a;JSESSIONID=abc.node1/b                                   | http://h/a/b",
            "http://h/a;x=1;jsessionid=ABC;y=2                                     | http://h/a;x=1;y=2",
            "http://h/p.php?PHPSESSID=9682993c8daa2c5497996114facdc805              | http://h/p.php",
            "http://h/p.php?a=1&phpsessid=9682993c8daa2c5497996114facdc805&b=2      | http://h/p.php?a=1&b=2",
            "http://h/p?jsessionid=999A9EF028317A82AC83F0FDFE59385A&page=2          | http://h/p?page=2",
            "http://h/p?sessionid=x1&q=a                                            | http://h/p?q=a",
            "http://h/d.asp?ASPSESSIONIDAQBSDSRT=EOHBLBDDPFCLHKPGGKLILNAM&x=1        | http://h/d.asp?x=1",
            "http://h/b?CFID=1169580&CFTOKEN=48630702&dtstamp=22                    | http://h/b?dtstamp=22",
            "http://h/b?x=1&cfid=3304324&cftoken=2AE13EEE-3048-85B0-56CEDAAB0ACA44B8 | http://h/b?x=1",
            "http://h/f?sid=9682993c8daa2c5497996114facdc805&t=5                    | http://h/f?t=5",
            "http://h/f?t=5&SID=550e8400-e29b-41d4-a716-446655440000                | http://h/f?t=5",
            "http://h/app/(S(lit3py55t21z5v55vlm25s55))/page.aspx?a=1               | http://h/app/page.aspx?a=1",
            "http://h/(X(1)S(lit3py55t21z5v55vlm25s55))/                            | http://h/",
    })
    void wellKnownSessionIdsAreStripped(String in, String out) {
        assertEquals(WebUrl.parse(out), limits.normalize(WebUrl.parse(in)));
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "http://h/", "http://h/a;b=c/d?e=f", "http://h/story?sid=42", "http://h/s?sid=en",
            "http://h/s?sid=abcdefghijklmnopqrstuvwxyz", "http://h/s?cfid=5", "http://h/s?side=9682993c8daa2c549799",
            "http://h/s?mysessionid=1", "http://h/(docs)/x", "http://h/p?q=jsessionid%3D1"})
    void urlsWithoutSessionIdsAreReturnedAsTheSameInstance(String url) {
        WebUrl u = WebUrl.parse(url);
        assertSame(u, limits.normalize(u));
    }

    @Test
    void keepSessionIdsTurnsStrippingOff() {
        WebUrl u = WebUrl.parse("http://h/item;jsessionid=8F3A9B2C44D1E0F7?PHPSESSID=9682993c8daa2c54");
        CrawlLimits keeping = new CrawlLimits(LimitSettings.builder().keepSessionIds(true).build());
        assertSame(u, keeping.normalize(u));
        assertEquals(WebUrl.parse("http://h/item"), limits.normalize(u));
    }

    @Test
    void userinfoAndPortSurviveStripping() {
        WebUrl u = WebUrl.parse("https://me:pw@h:8443/a?PHPSESSID=1&b=2");
        assertEquals("https://me:pw@h:8443/a?b=2", limits.normalize(u).toString());
    }
}
