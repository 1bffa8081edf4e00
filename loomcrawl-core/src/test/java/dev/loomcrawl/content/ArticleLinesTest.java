package dev.loomcrawl.content;

import dev.loomcrawl.extract.PageFacts;
import dev.loomcrawl.extract.PageTree;
import dev.loomcrawl.result.PageContent;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What an article's content leaves out of its text beyond Readability's boilerplate, and what it keeps: photo credits,
 * teaser lines, the repeated headline, bylines and datelines (whose author and date go to the facts), the furniture a
 * news site's {@code main} holds around the article, a teaser block named like the article, and the posts the article
 * embeds, which are kept. Each page is written for one rule.
 */
class ArticleLinesTest {
    private static final String URL = "https://news.example/2026/03/harbour-bridge.html";

    /** Four paragraphs of an article, about 650 characters, with commas. */
    private static final String PARAGRAPHS = """
            <p>The harbour bridge reopened to traffic on Monday morning, two years after engineers found cracks in its
              steel deck and closed it to cars, buses and lorries.</p>
            <p>Commuters, who had taken a ferry or a forty-minute detour since the closure, crossed in a slow procession
              as the first light came up over the water, some of them sounding their horns.</p>
            <p>The repairs cost 84 million, more than twice the first estimate, because the contractor had to replace
              whole sections of the deck rather than weld the cracks, the city's transport office said.</p>
            <p>Engineers will inspect the new deck every six months, and sensors fitted under it report the strain of
              each passing lorry to a control room, so that a new crack would be seen within days.</p>
            """;

    private static String page(String head, String body) {
        return "<!DOCTYPE html><html lang=en><head><title>Harbour bridge reopens after two years | Example News</title>"
                + head + "</head><body><header><a href=/>Example News</a></header>" + body
                + "<footer><p>Copyright 2026 Example News Ltd.</p></footer></body></html>";
    }

    private static PageContent content(String html, PageFacts facts) {
        return PageContents.of(PageTree.of(Jsoup.parse(html, URL)), URL, facts);
    }

    @Test
    void photoCreditsAreLeftOutAndADescriptiveCaptionStaysUnderItsImage() {
        String html = page("", "<div class=story>" + PARAGRAPHS.replace("<p>Commuters",
                "<figure><img src=/deck.jpg alt='The new deck'><figcaption>The new deck at dawn on Monday."
                        + "<span class=photo-credit>Jane Roe/Harbour Agency</span></figcaption></figure>"
                        + "<figure><img src=/queue.jpg alt='Cars'><figcaption>Photo: Ann Lee for Example News"
                        + "</figcaption></figure><p>Commuters") + "</div>");
        PageContent c = content(html, PageFacts.NONE);
        for (String out : new String[] {c.text(), c.markdown()}) {
            assertFalse(out.contains("Jane Roe"), out);
            assertFalse(out.contains("Photo: Ann Lee"), out);
            assertTrue(out.contains("The new deck at dawn on Monday."), out);
            assertTrue(out.contains("seen within days"), out);
        }
        assertTrue(c.markdown().contains("*The new deck at dawn on Monday.*"), c.markdown());
    }

    @Test
    void teaserLinesToOtherArticlesAreLeftOutAndLinksInSentencesStay() {
        String html = page("", "<div class=story>" + PARAGRAPHS
                .replace("<p>Commuters", "<p>Read more: <a href=/ferry>Ferry operator adds late sailings</a></p>"
                        + "<p>Commuters")
                .replace("<p>The repairs", "<p><a href=/tram>Council approves the tram extension after a long"
                        + " debate</a></p><p>The repairs")
                .replace("the city's transport office said", "the city's <a href=/office>transport office</a> said")
                + "</div>");
        PageContent c = content(html, PageFacts.NONE);
        for (String out : new String[] {c.text(), c.markdown()}) {
            assertFalse(out.contains("Ferry operator"), out);
            assertFalse(out.contains("Read more"), out);
            assertFalse(out.contains("Council approves"), out);
            assertTrue(out.contains("transport office"), out);
        }
    }

    @Test
    void theHeadlineThatRepeatsTheTitleIsLeftOutOfTheTextAndTheMarkdownKeepsItOnce() {
        String html = page("", "<div class=story><h1>Harbour bridge reopens after two years</h1>" + PARAGRAPHS
                + "<h2>Harbour bridge reopens after two years</h2><p>What comes next, for the ferries, is a quieter"
                + " timetable over the winter, with fewer sailings, as the company said.</p></div>");
        PageContent c = content(html, PageFacts.NONE);
        assertFalse(c.text().contains("Harbour bridge reopens"), c.text());
        assertTrue(c.text().startsWith("The harbour bridge reopened"), c.text());
        assertTrue(c.markdown().startsWith("# Harbour bridge reopens after two years\n"), c.markdown());
        assertEquals(c.markdown().indexOf("Harbour bridge reopens"), c.markdown().lastIndexOf("Harbour bridge reopens"),
                c.markdown());
        // a heading that is not the title stays, and a page whose title it is not keeps its headline
        assertTrue(c.text().contains("quieter timetable"), c.text());
        String other = html.replace("<title>Harbour bridge reopens after two years | Example News</title>",
                "<title>Example News: transport</title>");
        assertTrue(content(other, PageFacts.NONE).text().startsWith("Harbour bridge reopens"));
    }

    @Test
    void bylinesAndDatelinesLeaveTheTextForTheFactsTheMetadataLeftEmpty() {
        String html = page("", "<div class=story><p class=meta>By Jane Porter, transport correspondent</p>"
                + "<p>Updated 3 March 2026 10:14</p><div><time datetime=2026-03-02T08:00>2 March</time></div>"
                + PARAGRAPHS.replace("<p>The repairs", "<p>By Monday, the bridge had been repainted twice.</p>"
                        + "<p>The repairs") + "</div>");
        PageContent c = content(html, PageFacts.NONE);
        for (String out : new String[] {c.text(), c.markdown()}) {
            assertFalse(out.contains("Jane Porter"), out);
            assertFalse(out.contains("Updated"), out);
            assertFalse(out.contains("2 March"), out);
            assertTrue(out.contains("By Monday, the bridge had been repainted twice."), out);
        }
        assertEquals("Jane Porter", c.facts().author());
        assertEquals("2026-03-02T08:00", c.facts().published());
        assertEquals("3 March 2026 10:14", c.facts().modified());
        // what the page's metadata says is kept
        PageFacts known = new PageFacts("T", null, null, null, null, "2026-03-01", null, "Desk");
        PageContent withFacts = content(html, known);
        assertEquals("Desk", withFacts.facts().author());
        assertEquals("2026-03-01", withFacts.facts().published());
        assertEquals("3 March 2026 10:14", withFacts.facts().modified());
    }

    /** A news site's main: the article, and around it a newsletter box, "up next" videos and editors' picks. */
    private static String newsMain(String head) {
        StringBuilder upNext = new StringBuilder("<section class=up-next><h3>Up next</h3><ul>");
        for (int i = 1; i <= 12; i++) {
            upNext.append("<li><span>Video</span> <span>3:1").append(i % 10).append("</span> <a href=/v").append(i)
                    .append(">Watch the bridge from the water, part ").append(i).append("</a></li>");
        }
        upNext.append("</ul></section>");
        return page(head, "<main><div class=story>" + PARAGRAPHS + "</div>"
                + "<div class=newsletter><h3>Morning briefing</h3><span>Sign up for free</span> <span>Every day"
                + "</span> <span>No spam</span> <span>Unsubscribe any time</span></div>" + upNext
                + "<div class=rating><span>Rate this</span> <span>1</span> <span>2</span> <span>3</span></div>"
                + "<div class=picks><h3>Editors' picks</h3><ul><li><a href=/p1>Lighthouse keepers return</a></li>"
                + "<li><a href=/p2>A tram line under the sea</a></li></ul></div></main>");
    }

    @Test
    void onAnArticlePageTheScoredArticleIsPreferredToTheDeclaredMainAroundIt() {
        String ogArticle = newsMain("<meta property=og:type content=article>");
        String microdata = newsMain("").replace("<main>", "<main itemscope itemtype=https://schema.org/NewsArticle>");
        for (String html : new String[] {ogArticle, microdata}) {
            String text = MainContent.of(Jsoup.parse(html, URL)).toElement(URL).text();
            assertTrue(text.contains("seen within days"), text);
            assertFalse(text.contains("Morning briefing"), text);
            assertFalse(text.contains("Watch the bridge"), text);
            assertFalse(text.contains("Rate this"), text);
            assertFalse(text.contains("Lighthouse"), text);
        }
        // a page that does not say it is an article keeps its main whole, as documentation pages need
        String text = MainContent.of(Jsoup.parse(newsMain(""), URL)).toElement(URL).text();
        assertTrue(text.contains("Morning briefing"), text);
    }

    @Test
    void aTeaserBlockWithTheArticlesClassDoesNotJoinIt() {
        StringBuilder teasers = new StringBuilder("<div class=entry><h3>You may also like</h3>");
        for (String t : new String[] {"Ferry operator adds late sailings", "Council approves tram extension",
                "Lorry ban on the coast road lifted", "Lighthouse keepers return to the point"}) {
            teasers.append("<p><a href=/t>").append(t).append("</a> Read the story and the reactions to it.</p>");
        }
        teasers.append("</div>");
        String html = page("", "<div class=layout><div class=entry>" + PARAGRAPHS + "</div>" + teasers
                + "</div>");
        String text = MainContent.of(Jsoup.parse(html, URL)).toElement(URL).text();
        assertTrue(text.contains("seen within days"), text);
        assertFalse(text.contains("Ferry operator"), text);
        assertFalse(text.contains("You may also like"), text);
        // a second part of the article, with the same class and few links, still joins it
        String twoParts = page("", "<div class=layout><div class=entry>" + PARAGRAPHS + "</div><div class=entry>"
                + PARAGRAPHS.replace("harbour bridge", "tunnel") + "</div></div>");
        assertTrue(MainContent.of(Jsoup.parse(twoParts, URL)).toElement(URL).text().contains("The tunnel reopened"));
    }

    @Test
    void aPostTheArticleEmbedsIsKeptThoughItsWrapperIsNamedSocial() {
        String html = page("", "<div class=story>" + PARAGRAPHS.replace("<p>The repairs",
                "<div class=social-embed><blockquote class=embedded-post><p>We reopen the bridge at six on Monday,"
                        + " thank you all for your patience.</p>&mdash; City Transport (@citytransport) "
                        + "<a href=https://posts.example/citytransport/1>March 2, 2026</a></blockquote></div>"
                        + "<p>The repairs")
                + "<div class=social-links><a href=https://posts.example/share>Share this story</a></div></div>");
        String text = MainContent.of(Jsoup.parse(html, URL)).toElement(URL).text();
        assertTrue(text.contains("We reopen the bridge at six on Monday"), text);
        assertFalse(text.contains("Share this story"), text);
    }
}
