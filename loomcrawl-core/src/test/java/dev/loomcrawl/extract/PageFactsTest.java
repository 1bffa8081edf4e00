package dev.loomcrawl.extract;

import dev.loomcrawl.url.WebUrl;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A page's facts from each of their sources: every page is read by both extractors, which must agree (jsoup's
 * DOM is the reference), and the result is checked against what the page says. Unless said otherwise, the
 * streaming pass must read the page itself, not hand it to jsoup, so that the comparison means something.
 */
class PageFactsTest {
    private static final WebUrl PAGE = WebUrl.parse("http://example.com/dir/page.html");

    private final JsoupLinkExtractor jsoup = new JsoupLinkExtractor();
    private final StreamingLinkExtractor streaming = new StreamingLinkExtractor();

    /** The facts both extractors read, the streaming pass by itself. */
    private PageFacts facts(String html) {
        byte[] body = html.getBytes(StandardCharsets.UTF_8);
        assertNull(StreamingLinkExtractor.unsupportedReason(body, null, PAGE), "should stream: " + html);
        return sameFacts(body);
    }

    /** The facts both extractors read, whether or not the streaming pass hands the page to jsoup. */
    private PageFacts sameFacts(byte[] body) {
        PageFacts expected = jsoup.extract(body, null, PAGE).facts();
        PageFacts actual = streaming.extract(body, null, PAGE).facts();
        assertEquals(expected, actual, () -> new String(body, StandardCharsets.UTF_8));
        return actual;
    }

    private static String jsonLd(String json) {
        return "<script type=application/ld+json>" + json + "</script>";
    }

    @Test
    void titleIsTheFirstTitlesTextWithEntitiesDecodedAndWhitespaceCollapsed() {
        assertEquals("Café & crème brûlée", facts("<title>\n  Caf&eacute; &amp;\t cr&egrave;me&nbsp;&nbsp;br&ucirc;l&eacute;e  </title>").title());
        assertEquals("First", facts("<title>First</title><title>Second</title>").title());
        assertEquals("Second", facts("<title> &#32; </title><title>Second</title>").title()); // the first with text
        assertEquals("<b>not a tag</b>", facts("<title><b>not a tag</b></title>").title());
        assertEquals("In body", facts("<body><p>x<title>In body</title><p>y").title());
        assertEquals("After head", facts("<head></head><title>After head</title><body>").title());
    }

    @Test
    void anSvgTitleIsNotThePagesTitle() {
        assertNull(sameFacts("<svg><title>Icon</title></svg>".getBytes(StandardCharsets.UTF_8)).title());
        assertEquals("Page", sameFacts("<svg><title>Icon</title></svg><title>Page</title>".getBytes(StandardCharsets.UTF_8)).title());
    }

    @Test
    void h1IsTheFirstH1sTextWithElementTextsSpacing() {
        assertEquals("Hello big world !", facts("<h1>Hello <em>big</em><br>world<div>!</div></h1>").h1());
        assertEquals("A B C", facts("<h1> A <span> B </span>\n\n C </h1>").h1());
        // script and style data are left out; jsoup counts them as blocks: a space
        assertEquals("A B", facts("<h1>A<script>var x = '<b>';</script><style>p{}</style>B</h1>").h1());
        assertEquals("Real one", facts("<h1><a href=/><img src=logo.png alt=Logo></a></h1><h1>Real <b>one</b></h1>").h1());
        assertEquals("Outer inner", facts("<h1>Outer <span><h1>inner</h1></span></h1><h1>Later</h1>").h1());
        assertEquals("inner", facts("<h1> <span><h1>inner</h1></span></h1>").h1()); // the outer h1's text is the inner's
        assertEquals("x y", facts("<h1><pre>x  y</pre></h1>").h1()); // jsoup keeps pre's spaces; the facts do not
        assertEquals("soft", facts("<h1>so&shy;ft&#8203;</h1>").h1()); // soft hyphen and zero-width space dropped
        assertEquals("Second heading", facts("<h2>Not an h1</h2><h1>Second heading").h1());
    }

    @Test
    void descriptionIsTheDescriptionMetaElseOpenGraphs() {
        assertEquals("Plain text", facts("<meta property=og:description content=OG><meta name=description content=' Plain \n text '>").description());
        assertEquals("OG", facts("<meta property='og:description' content=OG>").description());
        assertEquals("OG", facts("<meta name=description content='  '><meta property=og:description content=OG>").description());
        assertEquals("Upper", facts("<META NAME=' Description ' CONTENT=Upper>").description());
        assertEquals("In body", facts("<body><p><meta name=description content='In body'>").description());
        assertEquals("A & B", facts("<meta name=description content='A &amp; B'>").description());
        assertNull(facts("<meta name=description><meta name=keywords content=k>").description());
    }

    @Test
    void canonicalIsResolvedAgainstTheBaseUrlEvenWhenTheBaseComesLater() {
        assertEquals("http://other.example/a/c.html",
                facts("<link rel=canonical href=' ../c.html '><base href=http://other.example/a/b/>").canonical());
        assertEquals("http://example.com/dir/c", facts("<link rel='Canonical alternate' href=c>").canonical());
        assertEquals("http://example.com/second", facts("<link rel=canonical href=''><link rel=canonical href=/second>").canonical());
        assertNull(facts("<link rel=canonical href='mailto:x@y'><link rel=canonical href=/second>").canonical()); // the first one counts
        assertNull(facts("<link rel=canonicalx href=/x><a rel=canonical href=/y>y</a>").canonical());
        assertEquals("http://example.com/p?a=1&b=2", facts("<link rel=canonical href='/p?a=1&amp;b=2'>").canonical());
    }

    @Test
    void langIsTheRootElementsLang() {
        assertEquals("en-GB", facts("<!DOCTYPE html><html lang=' en-GB '><title>t</title>").lang());
        assertNull(facts("<!DOCTYPE html><html><p lang=de>x").lang());
        assertNull(facts("<p>no html tag").lang());
        assertNull(facts("<html lang=''>").lang());
        // a second <html> tag's attributes are merged into the root: handed to jsoup, which does that
        byte[] merged = "<html><body>x<html lang=fr>".getBytes(StandardCharsets.UTF_8);
        assertNotNull(StreamingLinkExtractor.unsupportedReason(merged, null, PAGE));
        assertEquals("fr", sameFacts(merged).lang());
        assertEquals("en", sameFacts("<html lang=en><body><html lang=fr>".getBytes(StandardCharsets.UTF_8)).lang());
    }

    @Test
    void articleMetasGiveDatesAndAuthor() {
        PageFacts f = facts("<meta property=article:published_time content=2024-03-01T10:00:00Z>"
                + "<meta property=article:modified_time content=' 2024-03-02 '><meta property=article:author content='Ann Lee'>"
                + jsonLd("{\"@type\":\"NewsArticle\",\"datePublished\":\"2000\",\"dateModified\":\"2001\",\"author\":\"JSON\"}"));
        assertEquals(List.of("2024-03-01T10:00:00Z", "2024-03-02", "Ann Lee"), List.of(f.published(), f.modified(), f.author()));
        assertEquals("Meta Name", facts("<meta property=article:author content='Art'><meta name=author content='Meta Name'>").author());
        assertEquals("JSON", facts("<meta property=article:author content='https://facebook.com/ann'>"
                + jsonLd("{\"author\":\"JSON\"}")).author());
        assertNull(facts("<meta property=article:author content='/authors/ann'>").author());
        assertEquals("2020-06-06", facts("<meta name=og:updated_time content=2020-06-06>").modified());
        assertEquals("2021", facts("<meta property=og:updated_time content=2020>" + jsonLd("{\"dateModified\":\"2021\"}")).modified());
    }

    @Test
    void jsonLdAsAnObjectAnArrayOrAGraph() {
        PageFacts object = facts(jsonLd("""
                {"@context": "https://schema.org", "@type": "NewsArticle", "headline": "H",
                 "datePublished": "2024-01-02T03:04:05+01:00", "dateModified": "2024-01-03",
                 "author": {"@type": "Person", "name": "Ada  Lovelace", "url": "https://x/ada"}}"""));
        assertEquals(List.of("2024-01-02T03:04:05+01:00", "2024-01-03", "Ada Lovelace"),
                List.of(object.published(), object.modified(), object.author()));
        // an article or page is preferred to an earlier object of another type
        assertEquals("Bob", facts(jsonLd("[{\"@type\":\"Organization\",\"author\":\"Org\"},"
                + "{\"@type\":\"BlogPosting\",\"author\":\"Bob\"}]")).author());
        assertEquals("2024-05-06", facts(jsonLd("{\"@context\":\"https://schema.org\",\"@graph\":["
                + "{\"@type\":\"WebSite\",\"datePublished\":\"2000\"},{\"@type\":[\"Thing\",\"WebPage\"],"
                + "\"datePublished\":\"2024-05-06\"}]}")).published());
        // no article: the first object that has the field; scripts in document order
        assertEquals("2000", facts(jsonLd("{\"@type\":\"WebSite\",\"name\":\"n\"}")
                + jsonLd("{\"@type\":\"Event\",\"datePublished\":\"2000\"}")).published());
        // objects in other properties are not read
        assertNull(facts(jsonLd("{\"@type\":\"WebSite\",\"mainEntity\":{\"@type\":\"Article\",\"datePublished\":\"x\"}}")).published());
        assertEquals("2022", facts("<script type='Application/LD+JSON; charset=utf-8'>{\"datePublished\":\"2022\"}</script>").published());
        assertNull(facts("<script type=application/json>{\"datePublished\":\"2022\"}</script>").published());
        assertNull(facts("<script>{\"datePublished\":\"2022\"}</script>").published());
        assertEquals("Line one line two", facts(jsonLd("{\"author\":\"Line one\nline two\"}")).author()); // a raw newline
        assertEquals("In noscript", facts("<head><noscript>" + jsonLd("{\"author\":\"In noscript\"}")
                + "</noscript></head>").author());
        assertEquals("Body noscript", facts("<body><noscript><p>" + jsonLd("{\"author\":\"Body noscript\"}")
                + "<title>T</title></noscript>").author());
    }

    @Test
    void jsonLdAuthorsAreANameAnObjectsNameOrSeveralJoined() {
        assertEquals("Ann", facts(jsonLd("{\"author\":\" Ann \"}")).author());
        assertEquals("Ann, Ben, Cy", facts(jsonLd("{\"author\":[\"Ann\",{\"@type\":\"Person\",\"name\":\"Ben\"},"
                + "{\"@id\":\"#x\"},\"\",42,{\"name\":\"Cy\"}]}")).author());
        assertNull(facts(jsonLd("{\"author\":[{\"@id\":\"#x\"}]}")).author());
        assertEquals("Next", facts(jsonLd("[{\"@type\":\"Article\",\"author\":{\"url\":\"u\"}},{\"author\":\"Next\"}]")).author());
    }

    @Test
    void malformedHugeOrTooDeepJsonLdIsIgnoredWholeAndTheNextScriptRead() {
        String next = jsonLd("{\"datePublished\":\"next\"}");
        for (String bad : List.of("{\"datePublished\": \"2020\",", "{\"datePublished\": \"2020\"} trailing",
                "{\"datePublished\": \"2020\"}{}", "{datePublished: 2020}", "<!-- {\"datePublished\":\"2020\"} -->",
                "[{\"datePublished\":\"2020\"}", "\"just a string\"", "",
                "{\"a\":" + "[".repeat(100) + "]".repeat(100) + ",\"datePublished\":\"2020\"}",
                "{\"datePublished\":\"2020\",\"x\":\"" + "a".repeat(JsonLd.MAX_SCRIPT) + "\"}")) {
            assertEquals("next", facts(jsonLd(bad) + next).published(), bad.length() > 200 ? bad.substring(0, 200) : bad);
        }
        // cut anywhere: never throws, both extractors agree
        String good = "{\"@graph\":[{\"@type\":\"Article\",\"author\":[{\"name\":\"A\"},\"B\"],\"datePublished\":\"d\"}]}";
        for (int cut = 0; cut <= good.length(); cut++) facts(jsonLd(good.substring(0, cut)));
        assertEquals("A, B", facts(jsonLd(good)).author());
        // nested up to the bound: read
        String deep = "{\"@graph\":" + "[".repeat(JsonLd.MAX_DEPTH - 2) + "{\"datePublished\":\"deep\"}"
                + "]".repeat(JsonLd.MAX_DEPTH - 2) + "}";
        assertEquals("deep", facts(jsonLd(deep)).published());
    }

    @Test
    void publishedFromTimeElementsWhenNoMetaOrJsonLdSaysIt() {
        assertEquals("2021-01-01", facts("<p><time datetime=2020-09-09>x</time><article><p>"
                + "<time datetime=2020-10-10>a</time></article><time pubdate datetime=2021-01-01>p</time>").published());
        assertEquals("2020-10-10", facts("<time datetime=2020-09-09>out</time><article><header>"
                + "<time datetime=' 2020-10-10 '>in</time></header></article>").published());
        assertNull(facts("<article>a</article><time datetime=2020-09-09>after</time><time pubdate>no datetime</time>").published());
        assertEquals("json", facts("<time pubdate datetime=2021>" + jsonLd("{\"datePublished\":\"json\"}")).published());
        assertEquals("2020-11-11", facts("<article><section><time>no datetime</time><time datetime=2020-11-11>"
                + "</time></section></article>").published());
    }

    @Test
    void aPageThatSaysNothingHasNoFacts() {
        PageFacts none = facts("<p>Nothing about itself. <a href=/x>x</a>");
        assertEquals(PageFacts.NONE, none);
        assertTrue(none.isEmpty());
        PageFacts some = facts("<html lang=en><title>T</title><p>x");
        assertEquals(new PageFacts("T", null, "en", null, null, null, null, null), some);
        assertEquals(PageFacts.NONE, CssLinks.extract("a{b:url(x.png)}".getBytes(StandardCharsets.UTF_8), null, PAGE).facts());
    }

    @Test
    void valuesPastTheBoundAreCutAndALongCanonicalIsDropped() {
        String longTitle = "word ".repeat(1000);
        PageFacts f = facts("<title>" + longTitle + "</title><meta name=description content='" + "d".repeat(5000)
                + "'><h1>" + "h ".repeat(3000) + "</h1><link rel=canonical href='/" + "c".repeat(PageFacts.MAX_LENGTH) + "'>");
        assertEquals(PageFacts.MAX_LENGTH, f.title().length());
        assertEquals(longTitle.substring(0, PageFacts.MAX_LENGTH - 1) + "…", f.title());
        assertEquals("d".repeat(PageFacts.MAX_LENGTH - 1) + "…", f.description());
        assertTrue(f.h1().endsWith("…") && f.h1().length() == PageFacts.MAX_LENGTH, f.h1());
        assertNull(f.canonical());
        String fits = "http://example.com/" + "c".repeat(PageFacts.MAX_LENGTH - 19);
        assertEquals(fits, facts("<link rel=canonical href=" + fits + ">").canonical());
        // a cut never splits a surrogate pair
        String emoji = facts("<title>" + "x".repeat(PageFacts.MAX_LENGTH - 2) + "\uD83D\uDE00yz</title>").title();
        assertEquals("x".repeat(PageFacts.MAX_LENGTH - 2) + "…", emoji);
    }

    @Test
    void normaliseCollapsesUnicodeSpacesAndTrimsControls() {
        assertEquals("a b c", PageFacts.normalise("\u0001 a\u00a0\u2003 b\u2028\tc \u0000"));
        assertEquals("a\u0007b", PageFacts.normalise("a\u0007b"));
        assertNull(PageFacts.normalise(" \u00a0\n\u3000 "));
        assertNull(PageFacts.normalise(null));
        String exact = "y".repeat(PageFacts.MAX_LENGTH);
        assertEquals(exact, PageFacts.normalise(exact + "   \u0001"));
    }

    @Test
    void malformedPagesDoNotThrow() {
        assertEquals("Never closed <a href=x>x</a>", facts("<title>Never closed <a href=x>x</a>").title());
        assertEquals("Big para more", facts("<h1>Big <p>para</p>more").h1());
        String deep = "<div>".repeat(20_000) + "<title>Deep</title><h1>deep <b>h</b></h1>";
        PageFacts f = sameFacts(deep.getBytes(StandardCharsets.UTF_8)); // past 500 open elements: handed to jsoup
        // jsoup keeps at most 512 elements open: to open the <b>, it closes the <h1> (the 512th)
        assertEquals(List.of("Deep", "deep"), List.of(f.title(), f.h1()));
        long start = System.nanoTime();
        assertEquals("text", sameFacts(("<h1><b>".repeat(20_000) + "text").getBytes(StandardCharsets.UTF_8)).h1());
        f = sameFacts("<article><time datetime=t>".repeat(20_000).getBytes(StandardCharsets.UTF_8));
        assertEquals("t", f.published());
        assertTrue(System.nanoTime() - start < 20_000_000_000L, "20,000 nested elements took too long");
        facts("<h1>" + "<span>x".repeat(400)); // deep, but within the bound: streamed
    }

    @Test
    void hreflangIsReadOnTheHrefOfAAreaAndLinkByBothExtractors() {
        String html = "<link rel=alternate hreflang=' de ' href=/de/><link rel=alternate hreflang=x-default href=/>"
                + "<a href=/fr/ hreflang=fr>fr</a><area href=/es/ hreflang=es><link rel=alternate hreflang='' href=/e/>"
                + "<link rel=icon href=i.png hreflang=en><img src=i.png srcset='i2.png 2x' hreflang=xx><svg><a href=/s/ hreflang=s>s</a></svg>";
        byte[] body = html.getBytes(StandardCharsets.UTF_8);
        assertNull(StreamingLinkExtractor.unsupportedReason(body, null, PAGE));
        List<Link> links = jsoup.extract(body, null, PAGE).links();
        assertEquals(links, streaming.extract(body, null, PAGE).links());
        assertEquals(java.util.Arrays.asList("de", "x-default", "fr", "es", null, "en", null, null, null),
                links.stream().map(Link::hreflang).toList());
        assertEquals("http://example.com/de/", links.getFirst().to());
    }

    private static final String[] SOUP = {"<title>", "</title>", "T", " ", "&amp;", "<h1>", "</h1>", "<h2>", "<p>",
            "</p>", "<div>", "</div>", "<b>", "</b>", "<br>", "<a href=x>", "</a>", "<pre>", "</pre>", "<article>",
            "</article>", "<section>", "<time datetime=t1>", "<time pubdate datetime=t2>", "</time>", "<html lang=l>",
            "<meta name=description content=d>", "<meta property=og:description content=o>",
            "<meta name=author content=au>", "<meta property=article:author content=https://x>",
            "<meta property=article:published_time content=p>", "<link rel=canonical href=c>", "<base href=/b/>",
            "<script type=application/ld+json>{\"@type\":\"Article\",\"datePublished\":\"j\",\"author\":[\"x\",{\"name\":\"y\"}]}</script>",
            "<script type=application/ld+json>{\"dateModified\":\"m\"", "<script>s</script>", "</script>",
            "<style>p{}</style>", "<svg>", "</svg>", "<noscript>", "</noscript>",
            "<head>", "</head>", "<body>", "</body>", "<!-- c -->", "<textarea>", "</textarea>", "<img alt=i>",
            "<button>", "</button>", "<ul>", "<li>", "</ul>", "\n", "&nbsp;", "<span>", "</span>"};

    /** Random tag soup made of the facts' sources: both extractors must agree on every page. */
    @Test
    void randomTagSoupGivesTheSameFacts() {
        Random random = new Random(20261125);
        int withFacts = 0;
        for (int page = 0; page < 4000; page++) {
            StringBuilder html = new StringBuilder();
            for (int i = random.nextInt(40); i >= 0; i--) html.append(SOUP[random.nextInt(SOUP.length)]);
            if (random.nextInt(4) == 0) html.setLength(random.nextInt(html.length() + 1));
            if (!sameFacts(html.toString().getBytes(StandardCharsets.UTF_8)).isEmpty()) withFacts++;
        }
        assertTrue(withFacts > 2000, "pages with some fact: " + withFacts);
        assertTrue(streaming.fallbacks() < 800, "pages handed to jsoup: " + streaming.fallbacks()); // most stream
        System.out.printf("PageFactsTest: 4000 random pages, %d with facts, %d handed to jsoup%n", withFacts, streaming.fallbacks());
    }
}
