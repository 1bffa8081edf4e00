package dev.loomcrawl.examples;

import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.result.CrawlListener;
import dev.loomcrawl.run.CrawlRunner;
import dev.loomcrawl.run.RunningCrawl;
import dev.loomcrawl.scrape.Item;
import dev.loomcrawl.testkit.TestSite;
import dev.loomcrawl.testkit.Top250;
import org.jsoup.nodes.Element;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The seed's closing example with loomcrawl as a library: walk a paginated list of 250 films by its
 * {@code ?start=N} links and print every title, found with the seed's own XPath.
 *
 * <pre>java -cp ... dev.loomcrawl.examples.Top250Titles [LIST_URL]</pre>
 * Without a URL it serves a local copy of such a list and scrapes that.
 */
public final class Top250Titles {

    public static void main(String[] args) {
        if (args.length > 0) {
            scrape(args[0]).forEach(item -> System.out.println(item.get("title")));
            return;
        }
        try (TestSite site = TestSite.builder().pages(Top250.pages()).start()) {
            scrape(site.url("/top250?start=0")).forEach(item -> System.out.println(item.get("title")));
        }
    }

    /** Every film on the list, in list order. */
    public static List<Item> scrape(String listUrl) {
        ConcurrentLinkedQueue<Item> items = new ConcurrentLinkedQueue<>();
        CrawlRunner crawl = CrawlRunner.of(CrawlConfig.builder().root(listUrl).build())
                .pageHandler(page -> {
                    for (Element film : page.document().selectXpath("//*[@id=\"content\"]/div/div[1]/ol/li")) {
                        Element title = film.selectXpath(".//span[@class=\"title\"]").first();
                        page.emit(Map.of("title", title == null ? "" : title.text()));
                    }
                    page.follow(page.document().select("div.paginator a").stream() // only the pagination links
                            .map(a -> page.url().resolve(a.attr("href"))).filter(Objects::nonNull).toList());
                })
                .listener(CrawlListener.ofItems(items::add));
        try (RunningCrawl run = crawl.start()) {
            run.crawl();
        }
        List<Item> sorted = new ArrayList<>(items); // pages finish in any order; items keep their page's order
        sorted.sort(Comparator.comparing((Item i) -> startOf(i)).thenComparingInt(Item::index));
        return sorted;
    }

    private static int startOf(Item item) {
        String q = item.page().query();
        return q == null || !q.startsWith("start=") ? 0 : Integer.parseInt(q.substring(6));
    }
}
