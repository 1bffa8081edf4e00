package dev.loomcrawl.store.sqlite;

import dev.loomcrawl.testkit.TestSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcResponse;

import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.List;

import static dev.loomcrawl.store.sqlite.TestChunks.urls;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Searches of the chunks a real crawl of a small documentation site wrote: what ranks first, and citations. */
class ChunkIndexSearchTest {
    @TempDir
    Path dir;

    private static String page(String title, String main) {
        return "<html><head><title>" + title + " — Test docs</title></head><body><nav><a href='/'>Home</a></nav>"
                + "<main>" + main + "</main></body></html>";
    }

    private static TestSite docs() {
        return TestSite.builder()
                .page("/", "<html><head><title>Test docs</title></head><body><ul>"
                        + "<li><a href='/tutorial/lists.html'>Lists</a></li>"
                        + "<li><a href='/tutorial/dicts.html'>Dictionaries</a></li>"
                        + "<li><a href='/tutorial/iterators.html'>Iterators</a></li>"
                        + "<li><a href='/tutorial/functions.html'>Functions</a></li></ul></body></html>")
                .page("/tutorial/lists.html", page("Lists", "<h1>Lists</h1>"
                        + "<p>The list data type has some more methods. Here are all of the methods of list objects: "
                        + "append adds an item to the end of the list, extend appends all the items from an iterable, "
                        + "insert puts an item at a given position, and remove takes out the first item whose value "
                        + "is equal to the one given.</p><h2>Using lists as stacks</h2><p>The list methods make it "
                        + "very easy to use a list as a stack, where the last element added is the first element "
                        + "retrieved: to add an item to the top of the stack, use append; to take it back, pop.</p>"))
                .page("/tutorial/dicts.html", page("Dictionaries", "<h1>Dictionaries</h1>"
                        + "<p>Another useful data type built into Python is the dictionary. Unlike sequences, which "
                        + "are indexed by a range of numbers, dictionaries are indexed by keys, which can be any "
                        + "immutable type; strings and numbers can always be keys. It is best to think of a "
                        + "dictionary as a set of key: value pairs, with the requirement that the keys are unique "
                        + "within one dictionary.</p><h2>Looping techniques</h2><p>When looping through "
                        + "dictionaries, the key and corresponding value can be retrieved at the same time using the "
                        + "items method.</p>"))
                .page("/tutorial/iterators.html", page("Iterators", "<h1>Iterators</h1>"
                        + "<p>By now you have probably noticed that most container objects can be looped over using "
                        + "a for statement. Behind the scenes, the for statement calls iter on the container object; "
                        + "the function returns an iterator object that defines the method next, which accesses "
                        + "elements in the container one at a time.</p><h2>Generators</h2><p>They are a simple and "
                        + "powerful tool for creating iterators. They are written like regular functions but use "
                        + "the yield statement whenever they want to return data.</p>"))
                .page("/tutorial/functions.html", page("Defining functions", "<h1>Defining functions</h1>"
                        + "<p>The keyword def introduces a function definition. It must be followed by the function "
                        + "name and the parenthesized list of formal parameters. The statements that form the body "
                        + "of the function start at the next line, and must be indented. Functions can return "
                        + "values, raise exceptions, or be generators; generators are described in the section on "
                        + "iterators, and coroutines in their own chapter.</p>"))
                .start();
    }

    @Test
    void thePageAboutTheQueryRanksFirst() {
        try (TestSite site = docs(); ChunkIndex index = ChunkIndex.open(dir.resolve("index.db"))) {
            Path chunks = TestChunks.crawl(site, dir, false, 400);
            assertTrue(index.catchUp(chunks) >= 6, "each page in more than one chunk of 400 characters");
            ChunkIndex.Page page = index.search("dictionary keys", 5, null);
            assertEquals(site.url("/tutorial/dicts.html"), page.hits().getFirst().url(), urls(page).toString());
            ChunkIndex.Hit hit = page.hits().getFirst();
            assertEquals("Dictionaries — Test docs", hit.title());
            assertEquals(List.of("Dictionaries"), hit.headings());
            assertTrue(hit.markdown().contains("immutable type"), hit.markdown());
            assertTrue(hit.score() > 0, "higher is better: " + hit.score());
            assertNull(hit.citation(), "no WARC was written");
            assertEquals(site.url("/tutorial/lists.html"), index.search("stack", 5, null).hits().getFirst().url());
        }
    }

    @Test
    void aHeadingMatchBeatsAMentionInTheText() {
        try (TestSite site = docs(); ChunkIndex index = ChunkIndex.open(dir.resolve("index.db"))) {
            index.catchUp(TestChunks.crawl(site, dir, false, 400));
            ChunkIndex.Page page = index.search("generators", 5, null);
            assertEquals(2, page.hits().size(), urls(page).toString());
            ChunkIndex.Hit first = page.hits().getFirst();
            assertEquals(site.url("/tutorial/iterators.html"), first.url(), "the section headed Generators first, "
                    + "before the page that says the word twice: " + urls(page));
            assertEquals(List.of("Iterators", "Generators"), first.headings());
            assertEquals(site.url("/tutorial/functions.html"), page.hits().get(1).url());
        }
    }

    @Test
    void hitsCiteTheWarcCaptureOfTheirPage() throws Exception {
        try (TestSite site = docs(); ChunkIndex index = ChunkIndex.open(dir.resolve("index.db"))) {
            index.catchUp(TestChunks.crawl(site, dir, true, 400));
            ChunkIndex.Page page = index.search("list methods", 10, null);
            assertTrue(page.hits().size() >= 2, urls(page).toString());
            for (ChunkIndex.Hit hit : page.hits()) {
                ChunkIndex.Citation citation = hit.citation();
                assertNotNull(citation, hit.url());
                // the WARC output's path, DIR/warc, is a prefix in DIR: the files are in DIR
                try (FileChannel channel = FileChannel.open(dir.resolve(citation.warcFile()))) {
                    channel.position(citation.offset());
                    try (WarcReader reader = new WarcReader(channel)) {
                        WarcRecord record = reader.next().orElseThrow();
                        assertTrue(record instanceof WarcResponse, record.type());
                        assertEquals(hit.url(), ((WarcResponse) record).target());
                        assertEquals(citation.recordId(), record.id().toString());
                        assertTrue(citation.captured().startsWith(record.date().toString().substring(0, 19)),
                                citation.captured() + " vs " + record.date());
                    }
                }
            }
        }
    }
}
