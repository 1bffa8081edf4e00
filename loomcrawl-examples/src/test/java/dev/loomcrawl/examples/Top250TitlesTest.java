package dev.loomcrawl.examples;

import dev.loomcrawl.testkit.TestSite;
import dev.loomcrawl.testkit.Top250;
import org.junit.jupiter.api.Test;

import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;

class Top250TitlesTest {
    @Test
    void theExamplePrintsAll250TitlesInListOrder() {
        try (TestSite site = TestSite.builder().pages(Top250.pages()).start()) {
            assertEquals(IntStream.rangeClosed(1, 250).mapToObj(Top250::title).toList(),
                    Top250Titles.scrape(site.url("/top250?start=0")).stream().map(i -> i.get("title")).toList());
            assertEquals(10, site.requests().stream().filter(r -> r.target().startsWith("/top250")).count());
        }
    }
}
