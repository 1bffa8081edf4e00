package dev.loomcrawl.url;

import dev.loomcrawl.DocSets;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.LongAdder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Differential test: wherever {@link PlainReference} resolves a reference, it must give what the full parser
 * ({@link UrlParser#parseFully}) gives, on every link of two real documentation sites, on references generated
 * from tricky pieces, and (in {@link WebUrlTest}) on the standard's cases. The full parser is the oracle.
 */
class PlainReferenceTest {
    private static final List<WebUrl> BASES = List.of(
            WebUrl.parse("http://example.org/foo/bar?q=1"), WebUrl.parse("https://u:p@example.org:8443/a/b/"),
            WebUrl.parse("http://127.0.0.1:8017/"), WebUrl.parse("https://example.org/a/./b/../c.html"));

    /** Null when the fast path declined, else whether it agreed; a disagreement is added to {@code mismatches}. */
    private static Boolean compare(String reference, WebUrl base, ConcurrentLinkedQueue<String> mismatches) {
        WebUrl fast = PlainReference.resolve(reference, base);
        if (fast == null) return null;
        WebUrl full = UrlParser.parseFully(reference, base);
        boolean same = full != null && fast.toString().equals(full.toString()) && fast.host().equals(full.host())
                && fast.port() == full.port() && fast.path().equals(full.path())
                && java.util.Objects.equals(fast.query(), full.query());
        if (!same) mismatches.add(reference + " against " + base + ": fast " + fast + ", full " + full);
        return same;
    }

    @Test
    void theFastPathResolvesLikeTheFullParserOnGeneratedReferences() {
        String[] pieces = {"a", "b.html", ".", "..", "/", "//", "?", "#", ":", "http:", "http://", "https://",
                "HTTP://", "mailto:", "%2e", "%2E", "%", "%41", "x.y", "1", "0x7f", "@", "\\", " ", "\t", "\n",
                "\u00e9", "'", "\"", "<", "~", "-", "_", "80", "443", "8080", ":99999", "[", "]", "|", "^",
                "host.example", "Host.Example", "127.0.0.1", "1.2.3", "010", "255", "256", "0", "xn--bcher-kva",
                "q=1&r=2", "!$&()*+,;=", "`", "{", "}"};
        Random random = new Random(20261122);
        ConcurrentLinkedQueue<String> mismatches = new ConcurrentLinkedQueue<>();
        int handled = 0;
        for (int n = 0; n < 300_000; n++) {
            StringBuilder reference = new StringBuilder();
            for (int i = random.nextInt(8); i >= 0; i--) reference.append(pieces[random.nextInt(pieces.length)]);
            if (compare(reference.toString(), BASES.get(n % BASES.size()), mismatches) != null) handled++;
            if (n % 7 == 0 && compare(reference.toString(), null, mismatches) != null) handled++;
        }
        assertEquals(List.of(), mismatches.stream().limit(20).toList());
        assertTrue(handled > 30_000, "the fast path took only " + handled + " references");
    }

    @Test
    void theFastPathResolvesLikeTheFullParserOnEveryLinkOfThePythonAndJdkDocs() {
        List<Path> pages = DocSets.htmlPages();
        ConcurrentLinkedQueue<String> mismatches = new ConcurrentLinkedQueue<>();
        LongAdder references = new LongAdder();
        LongAdder fast = new LongAdder();
        pages.parallelStream().forEach(page -> {
            WebUrl url = WebUrl.parse("http://127.0.0.1:8000" + page);
            for (String reference : references(page)) {
                references.increment();
                for (WebUrl base : List.of(url, BASES.get(1))) {
                    if (compare(reference, base, mismatches) != null && base == url) fast.increment();
                }
            }
        });
        System.out.printf("PlainReferenceTest: %d references in %d pages, %d (%.1f%%) on the fast path%n",
                references.sum(), pages.size(), fast.sum(), 100.0 * fast.sum() / references.sum());
        assertEquals(List.of(), mismatches.stream().sorted().limit(20).toList());
        assertTrue(fast.sum() > references.sum() * 9 / 10, "most doc links should be plain: " + fast.sum());
    }

    /** Every href, src, poster and srcset value of the page, as the extractors see them (entities decoded). */
    private static List<String> references(Path page) {
        List<String> found = new ArrayList<>();
        String html = new String(DocSets.read(page), StandardCharsets.UTF_8);
        for (Element e : Jsoup.parse(html).select("[href],[src],[poster],[srcset]")) {
            for (String attribute : List.of("href", "src", "poster")) {
                if (e.hasAttr(attribute)) found.add(e.attr(attribute));
            }
            for (String candidate : e.attr("srcset").split(",")) {
                if (!candidate.isBlank()) found.add(candidate.strip().split("\\s+")[0]);
            }
        }
        return found;
    }
}
