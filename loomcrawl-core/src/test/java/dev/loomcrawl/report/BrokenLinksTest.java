package dev.loomcrawl.report;

import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.result.FoundLink;
import dev.loomcrawl.extract.Link;
import dev.loomcrawl.fetch.ErrorKind;
import dev.loomcrawl.url.WebUrl;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The broken-links table's bounds: referrers tracked for so many waiting targets, so many broken targets listed. */
class BrokenLinksTest {
    private static final String HOME = "http://a.test/";

    private static List<FoundLink> links(String... targets) {
        return java.util.Arrays.stream(targets).map(t -> new FoundLink(new Link(WebUrl.parse(t), t, "a", "href",
                "", null), true)).toList();
    }

    private static CrawlRecord answered(String url, int status, String referrer) {
        return CrawlRecord.builder(WebUrl.parse(url)).status(status).size(10).contentType("text/html")
                .encoding("utf-8").depth(1).referrer(referrer == null ? null : WebUrl.parse(referrer))
                .startedAt(Instant.EPOCH).attempts(1).build();
    }

    @Test
    void aBrokenTargetListsThePagesLinkingToItBeforeAndAfterItsRecord() {
        BrokenLinks b = new BrokenLinks(10, true, 100, 100);
        b.linked(HOME, links("http://a.test/x", "http://a.test/ok"), false);
        b.recorded(answered("http://a.test/ok", 200, HOME));
        b.recorded(answered("http://a.test/x", 404, HOME));
        b.linked("http://a.test/p2", links("http://a.test/x", "http://a.test/ok"), false);
        BrokenLinks.Listing listing = b.list();
        assertEquals(1, listing.total());
        assertEquals(List.of(new ReportData.Broken("http://a.test/x", "404", List.of(HOME, "http://a.test/p2"), 2)),
                listing.shown());
        assertFalse(listing.referrersPartial());
    }

    @Test
    void theLinkingPagesAreListedInUrlOrderWhateverTheOrderTheyWereSeenIn() {
        for (List<String> order : List.of(List.of("http://a.test/c", "http://a.test/a", "http://a.test/d",
                "http://a.test/b"), List.of("http://a.test/d", "http://a.test/b", "http://a.test/a", "http://a.test/c"))) {
            BrokenLinks b = new BrokenLinks(3, true, 100, 100);
            for (String page : order) b.linked(page, links("http://a.test/x"), false);
            b.recorded(answered("http://a.test/x", 404, order.getFirst()));
            assertEquals(List.of(new ReportData.Broken("http://a.test/x", "404",
                    List.of("http://a.test/a", "http://a.test/b", "http://a.test/c"), 4)), b.list().shown(),
                    "seen in the order " + order + "; the first three in URL order listed, all four counted");
        }
    }

    @Test
    void pastTheTrackedTargetsABrokenOneListsThePageThatLedTheCrawlToIt() {
        BrokenLinks b = new BrokenLinks(10, true, 2, 100);
        b.linked(HOME, links("http://a.test/1", "http://a.test/2", "http://a.test/3"), false);
        b.linked("http://a.test/p2", links("http://a.test/3"), false);
        b.recorded(answered("http://a.test/1", 404, HOME));
        b.recorded(answered("http://a.test/3", 500, "http://a.test/p2"));
        BrokenLinks.Listing listing = b.list();
        assertTrue(listing.referrersPartial());
        assertEquals(List.of(new ReportData.Broken("http://a.test/1", "404", List.of(HOME), 1),
                new ReportData.Broken("http://a.test/3", "500", List.of("http://a.test/p2"), 1)), listing.shown());
    }

    @Test
    void pastTheListedTargetsBrokenOnesAreOnlyCounted() {
        BrokenLinks b = new BrokenLinks(10, true, 100, 2);
        for (int i = 0; i < 5; i++) {
            b.linked(HOME, links("http://a.test/" + i), false);
            b.recorded(CrawlRecord.builder(WebUrl.parse("http://a.test/" + i)).errorKind(ErrorKind.REFUSED)
                    .error("refused").depth(1).referrer(WebUrl.parse(HOME)).startedAt(Instant.EPOCH).attempts(4)
                    .build());
            b.linked("http://a.test/p2", links("http://a.test/" + i), false);
        }
        BrokenLinks.Listing listing = b.list();
        assertEquals(5, listing.total());
        assertEquals(2, listing.shown().size());
        assertEquals(List.of("http://a.test/0", "http://a.test/1"),
                listing.shown().stream().map(ReportData.Broken::url).toList());
        assertEquals(2, listing.shown().getFirst().referrerCount(), "links after the record count too");
    }
}
