package dev.loomcrawl.redis;

import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.fetch.ErrorKind;
import dev.loomcrawl.frontier.Visit;
import dev.loomcrawl.url.WebUrl;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Visits and records survive their trip through Redis, and lines written before a field existed still read. */
class CodecTest {
    private static final WebUrl A = WebUrl.parse("http://example.test/a");
    private static final WebUrl B = WebUrl.parse("http://example.test/b");

    @Test
    void everyKindOfVisitRoundTrips() {
        for (Visit v : new Visit[] {new Visit(A, 3, 1, B), new Visit(A, -1, 0, null, 2, Visit.Kind.CHECK),
                new Visit(A, 10, 0, B, 0, Visit.Kind.SITEMAP)}) {
            assertEquals(v, VisitCodec.decode(VisitCodec.encode(v)));
        }
        assertEquals(new Visit(A, 10, 1, null, 0, Visit.Kind.PAGE), VisitCodec.decode(A + " 10 1 - 0 0"));
    }

    @Test
    void recordsKeepTheirRobotsDirectivesAndOldRecordsReadWithout() {
        Instant at = Instant.ofEpochMilli(1_700_000_000_000L);
        CrawlRecord r = CrawlRecord.builder(A).nextUrl(B.toString()).status(301).errorKind(ErrorKind.REDIRECT_LOOP)
                .error("redirect loop").depth(2).referrer(B).startedAt(at).duration(Duration.ofMillis(5)).attempts(1)
                .robots("noindex,noarchive").build();
        assertEquals(r, RecordCodec.decode(RecordCodec.encode(r)));
        String old = RecordCodec.encode(r.withRobots(null)).replace(",null,false,null]", "]");
        assertTrue(old.endsWith("null]") && !old.contains("false,null]"), old);
        assertEquals(r.withRobots(null), RecordCodec.decode(old));
        String beforeRendering = RecordCodec.encode(r).replace(",false,null]", "]");
        assertEquals(r, RecordCodec.decode(beforeRendering));
        String beforeFacts = RecordCodec.encode(r).replace(",false,null]", ",false]");
        assertEquals(r, RecordCodec.decode(beforeFacts));
        CrawlRecord rendered = r.withRendering(true, "app root with little text");
        assertEquals(rendered, RecordCodec.decode(RecordCodec.encode(rendered)));
        CrawlRecord page = r.withFacts(new dev.loomcrawl.extract.PageFacts("Title \"quoted\"", "About it", "en",
                "http://a.test/", "Heading", "2026-01-02", null, "Ada"));
        assertEquals(page, RecordCodec.decode(RecordCodec.encode(page)));
    }

    /** A record of a URL given up on its robots.txt keeps the cause, with a render reason or without. */
    @Test
    void recordsKeepTheirRobotsTxtFailuresCause() {
        CrawlRecord r = CrawlRecord.builder(A).errorKind(ErrorKind.REFUSED).startedAt(Instant.ofEpochMilli(1))
                .error("robots.txt http://example.test/robots.txt did not answer: ConnectException: refused")
                .robotsCause("ConnectException: refused").build();
        assertEquals(r, RecordCodec.decode(RecordCodec.encode(r)));
        CrawlRecord rendered = r.withRendering(false, "rendering failed");
        assertEquals(rendered, RecordCodec.decode(RecordCodec.encode(rendered)));
        CrawlRecord none = r.toBuilder().robotsCause(null).build();
        assertTrue(RecordCodec.encode(none).endsWith(",null]"), "no field for a cause there is not");
        assertEquals(none, RecordCodec.decode(RecordCodec.encode(none)));
    }
}
