package dev.loomcrawl.result;

import dev.loomcrawl.reason.SkipReason;
import dev.loomcrawl.extract.Link;
import dev.loomcrawl.extract.PageFacts;
import dev.loomcrawl.fetch.ErrorKind;
import dev.loomcrawl.fetch.FetchResult;
import dev.loomcrawl.scrape.Item;
import dev.loomcrawl.url.WebUrl;
import org.junit.jupiter.api.Test;

import java.lang.reflect.RecordComponent;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.UnaryOperator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * CrawlRecord's and FinishedUrl's builders: a record made again from {@code toBuilder()} keeps every component (a
 * component added to the record but not copied by its builder would be lost by every {@code with...} method), the
 * defaults are those of a URL without a response, and each {@code with...} method changes its own components only.
 */
class RecordBuildersTest {
    private static final WebUrl URL = WebUrl.parse("http://a.test/page");
    private static final Instant AT = Instant.ofEpochSecond(1_700_000_000L, 5_000);

    /** A record with every component set to something other than the builder's default. */
    private static CrawlRecord full() {
        return CrawlRecord.builder(URL).nextUrl("http://a.test/next").status(301).errorKind(ErrorKind.REDIRECT_LOOP)
                .error("redirect loop").size(123).contentType("text/html").encoding("utf-8").numUrls(7).numNewUrls(3)
                .depth(2).referrer(WebUrl.parse("http://a.test/")).startedAt(AT).duration(Duration.ofMillis(42))
                .truncated(true).attempts(2).skipReason(SkipReason.ROBOTS).robots("noindex").change(Change.CHANGED)
                .rendered(true).facts(new PageFacts("Title", "About", "en", "http://a.test/c", "H", "2026-01-02",
                        null, "Ada")).renderReason("--render").robotsCause("ConnectException: refused").build();
    }

    private static Map<String, Object> components(Record r) throws ReflectiveOperationException {
        Map<String, Object> values = new LinkedHashMap<>();
        for (RecordComponent c : r.getClass().getRecordComponents()) values.put(c.getName(), c.getAccessor().invoke(r));
        return values;
    }

    /** The names of the components in which {@code a} and {@code b} differ. */
    private static Set<String> differences(Record a, Record b) throws ReflectiveOperationException {
        Map<String, Object> x = components(a);
        Map<String, Object> y = components(b);
        Set<String> differ = new TreeSet<>();
        for (String name : x.keySet()) {
            if (!java.util.Objects.equals(x.get(name), y.get(name))) differ.add(name);
        }
        return differ;
    }

    @Test
    void aCrawlRecordMadeAgainFromItsBuilderKeepsEveryComponent() throws Exception {
        CrawlRecord full = full();
        CrawlRecord bare = CrawlRecord.builder(URL).startedAt(AT).build();
        Set<String> all = new TreeSet<>(components(full).keySet());
        all.removeAll(Set.of("url", "startedAt"));
        assertEquals(all, differences(full, bare), "the full record sets every component the builder defaults");
        assertEquals(full, full.toBuilder().build());
    }

    @Test
    void aCrawlRecordsBuilderStartsFromAUrlWithoutAResponse() {
        assertEquals(new CrawlRecord(URL, null, null, null, null, 0, "", "", 0, 0, 0, null, AT, Duration.ZERO, false, 0,
                null, null, null, false, null, null, null), CrawlRecord.builder(URL).startedAt(AT).build());
        assertNull(CrawlRecord.builder(URL).startedAt(AT).status(0).build().status(), "0 is no status, as before");
    }

    @Test
    void eachWithMethodOfACrawlRecordChangesItsOwnComponentsOnly() throws Exception {
        CrawlRecord r = full();
        Map<Set<String>, UnaryOperator<CrawlRecord>> withers = Map.of(
                Set.of("errorKind", "error"), x -> x.failedAs(ErrorKind.REDIRECT_LIMIT, "other"),
                Set.of("robots"), x -> x.withRobots("nofollow"),
                Set.of("change"), x -> x.withChange(Change.UNCHANGED),
                Set.of("error"), x -> x.withNote("a note"),
                Set.of("contentType", "encoding"), x -> x.withContentType("text/plain", "latin1"),
                Set.of("facts"), x -> x.withFacts(null),
                Set.of("rendered", "renderReason"), x -> x.withRendering(false, "the HTML has its content"));
        for (Map.Entry<Set<String>, UnaryOperator<CrawlRecord>> w : withers.entrySet()) {
            assertEquals(new TreeSet<>(w.getKey()), differences(r, w.getValue().apply(r)));
        }
        assertEquals("redirect loop; a note", r.withNote("a note").error());
    }

    @Test
    void aFinishedUrlMadeAgainFromItsBuilderKeepsEveryComponent() throws Exception {
        CrawlRecord record = full();
        FetchResult.Response response = new FetchResult.Response(URL, 200, "HTTP/1.1", List.of(), List.of(),
                new byte[0], new byte[0], false, Duration.ZERO, 1);
        FinishedUrl full = FinishedUrl.builder(record).response(response)
                .links(List.of(new FoundLink(new Link(URL, "/x", "a", "href", "x", null), true)))
                .items(List.of(new Item(URL, 0, Map.of("k", "v"))))
                .previous(new LastCapture(200, "sha1:X", null, AT, null)).subresources(List.of(response))
                .lazyContent(LazyContent.of(() -> null)).anchors(Set.of("top")).build();
        Set<String> all = new TreeSet<>(components(full).keySet());
        all.remove("record");
        assertEquals(all, differences(full, FinishedUrl.of(record)), "every component the builder defaults is set");
        assertEquals(full, full.toBuilder().build());
        assertEquals(Set.of("anchors"), differences(full, full.withAnchors(Set.of())));
        assertEquals(Set.of("subresources"), differences(full, full.withSubresources(List.of())));
        assertEquals(Set.of("lazyContent"), differences(full, full.withContent(null)));
    }
}
