package dev.loomcrawl;

import dev.loomcrawl.result.CrawlListener;
import dev.loomcrawl.scrape.Item;
import dev.loomcrawl.scrape.Selector;
import dev.loomcrawl.scrape.SelectorScraper;
import dev.loomcrawl.testkit.TestSite;
import dev.loomcrawl.testkit.Top250;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Scraping the seed's Top-250 example from a local fixture of the same shape. */
class ScrapeTest {

    private static List<Item> scrape(TestSite site, SelectorScraper scraper) {
        ConcurrentLinkedQueue<Item> items = new ConcurrentLinkedQueue<>();
        try (Crawler crawler = Crawler.builder(CrawlConfig.builder().root(site.url("/top250?start=0")).build())
                .pageHandler(scraper).listener(CrawlListener.ofItems(items::add)).build()) {
            crawler.crawl();
        }
        List<Item> sorted = new ArrayList<>(items); // pages finish in any order; within a page, document order
        sorted.sort(Comparator.comparingInt((Item i) -> Integer.parseInt(i.page().query().substring(6)))
                .thenComparingInt(Item::index));
        return sorted;
    }

    private static List<String> listPagesFetched(TestSite site) {
        return site.requests().stream().map(r -> r.target()).filter(t -> !t.equals("/robots.txt")).sorted().toList();
    }

    @Test
    void theSeedsXPathExtractsAll250TitlesInOrder() {
        try (TestSite site = TestSite.builder().pages(Top250.pages()).start()) {
            List<Item> items = scrape(site, new SelectorScraper(
                    Selector.parse("xpath://*[@id=\"content\"]/div/div[1]/ol/li"),
                    List.of(SelectorScraper.Field.parse("title=xpath:.//span[@class=\"title\"]")),
                    Selector.parse("div.paginator a")));
            assertEquals(Top250.FILMS, items.size());
            for (int n = 1; n <= Top250.FILMS; n++) assertEquals(Top250.title(n), items.get(n - 1).get("title"));
            assertEquals(10, listPagesFetched(site).size(), "only the ten list pages: " + listPagesFetched(site));
            assertTrue(listPagesFetched(site).stream().allMatch(t -> t.startsWith("/top250?start=")));
        }
    }

    @Test
    void cssSelectorsGiveTheSameTitlesAndTheOtherFields() {
        try (TestSite site = TestSite.builder().pages(Top250.pages()).start()) {
            List<Item> items = scrape(site, new SelectorScraper(Selector.parse("ol.grid_view > li"),
                    List.of(SelectorScraper.Field.parse("title=span.title"),
                            SelectorScraper.Field.parse("original=css:span.title ~ span.title"),
                            SelectorScraper.Field.parse("rating=.rating_num"),
                            SelectorScraper.Field.parse("link=div.hd a@href"),
                            SelectorScraper.Field.parse("year=span.year")),
                    Selector.parse("div.paginator")));
            assertEquals(Top250.FILMS, items.size());
            Item first = items.getFirst();
            assertEquals(List.of("title", "original", "rating", "link", "year"), List.copyOf(first.fields().keySet()));
            assertEquals(Top250.title(1), first.get("title"));
            assertEquals(Top250.originalTitle(1), first.get("original"));
            assertEquals(Top250.rating(1), first.get("rating"));
            assertEquals("/subject/1/", first.get("link"));
            assertNull(first.get("year")); // a missing field is null, not an error
            assertEquals(Top250.title(250), items.getLast().get("title"));
            assertEquals(10, listPagesFetched(site).size());
        }
    }

    @Test
    void xpathAttributesAndPageLevelFields() {
        try (TestSite site = TestSite.builder().pages(Top250.pages()).start()) {
            List<Item> items = scrape(site, new SelectorScraper(null,
                    List.of(SelectorScraper.Field.parse("heading=xpath://h1"),
                            SelectorScraper.Field.parse("firstLink=xpath:(//div[@class=\"hd\"]/a)[1]/@href")),
                    Selector.parse("xpath://div[@class=\"paginator\"]/a")));
            assertEquals(10, items.size()); // one item per page without --item
            assertEquals(Map.of("heading", "Top 250", "firstLink", "/subject/1/"), items.getFirst().fields());
        }
    }

    @Test
    void withoutFollowEveryLinkInScopeIsFollowed() {
        try (TestSite site = TestSite.builder().pages(Top250.pages()).start()) {
            scrape(site, new SelectorScraper(Selector.parse("ol > li"), List.of(SelectorScraper.Field.parse("t=span.title")),
                    null));
            assertTrue(site.requestCount("/subject/7/") == 1);
        }
    }

    @Test
    void aSelectorThatDoesNotParseIsAnErrorNamingIt() {
        IllegalArgumentException xpath = assertThrows(IllegalArgumentException.class, () -> Selector.parse("xpath://*["));
        assertEquals("not a valid xpath selector: 'xpath://*['", xpath.getMessage());
        IllegalArgumentException css = assertThrows(IllegalArgumentException.class, () -> Selector.parse("div[class"));
        assertEquals("not a valid css selector: 'div[class'", css.getMessage());
        assertThrows(IllegalArgumentException.class, () -> SelectorScraper.Field.parse("no-equals-sign"));
    }

    @Test
    void attributeSuffixIsOnlyReadOutsideBrackets() {
        assertEquals(new Selector(Selector.Kind.XPATH, ".//span[@class=\"title\"]", null),
                Selector.parse("xpath:.//span[@class=\"title\"]"));
        assertEquals(new Selector(Selector.Kind.XPATH, "//a", "href"), Selector.parse("xpath://a/@href"));
        assertEquals(new Selector(Selector.Kind.CSS, "a.next", "href"), Selector.parse("a.next@href"));
        assertEquals(new Selector(Selector.Kind.CSS, "a[href]", null), Selector.parse("css:a[href]"));
    }
}
