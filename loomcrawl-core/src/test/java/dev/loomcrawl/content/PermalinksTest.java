package dev.loomcrawl.content;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;

/**
 * Permalink anchors ({@link Permalinks}) are left out of the Markdown, its headings, the plain text and the chunks'
 * heading paths, on pages written as each generator writes its headings; links that are not permalinks stay.
 */
class PermalinksTest {
    /** The page's Markdown, after checking that its text and chunk heading paths have none of the symbols. */
    private static String markdown(String html, String... symbols) {
        Element body = Jsoup.parse(html, "https://docs.example.org/guide/page.html").body();
        String md = Markdown.of(body);
        MarkdownTest.assertShape(md);
        String text = PlainText.of(body);
        List<Chunks.Chunk> chunks = Chunks.split(md, 2000);
        for (String symbol : symbols) {
            assertFalse(md.contains(symbol), "«" + symbol + "» in the Markdown:\n" + md);
            assertFalse(text.contains(symbol), "«" + symbol + "» in the text:\n" + text);
            for (Chunks.Chunk chunk : chunks) {
                for (String heading : chunk.headings()) {
                    assertFalse(heading.contains(symbol), "«" + symbol + "» in a heading path: " + chunk.headings());
                }
            }
        }
        assertEquals(RoundTrip.normalise(RoundTrip.visible(body).text()), RoundTrip.normalise(text));
        assertEquals(List.of(), RoundTrip.problems(body, md));
        return md;
    }

    @Test
    void sphinxHeadingsDefinitionsAndCaptionsLoseTheirPilcrows() {
        String md = markdown("""
            <section id="more-on-lists"><h2><span class="section-number">5.1. </span>More on Lists<a class="headerlink"
             href="#more-on-lists" title="Permalink to this heading">¶</a></h2>
            <p>Lists have methods.</p>
            <dl class="py method"><dt class="sig sig-object py" id="list.append"><span class="sig-name">append</span>(x)
            <a class="headerlink" href="#list.append" title="Permalink to this definition">¶</a></dt>
            <dd><p>Add an item.</p></dd></dl>
            <table class="docutils" id="id1"><caption><span class="caption-text">Methods</span><a class="headerlink"
             href="#id1" title="Permalink to this table">¶</a></caption>
            <thead><tr><th>name</th><th>use</th></tr></thead><tbody><tr><td>append</td><td>add</td></tr></tbody></table>
            <div class="literal-block-wrapper docutils container" id="id2"><div class="code-block-caption"><span
             class="caption-text">example.py</span><a class="headerlink" href="#id2" title="Permalink to this code">¶</a>
            </div><div class="highlight-python"><pre>a.append(1)</pre></div></div>
            </section>""", "¶");
        assertTrue(md.startsWith("## 5.1. More on Lists\n"), md);
        assertTrue(md.contains("**append(x)**\n"), md);
        assertTrue(md.contains("Methods\n\n| name | use |"), md);
        assertEquals(List.of("5.1. More on Lists"), Chunks.split(md, 2000).getFirst().headings());
    }

    @Test
    void mkdocsHeaderlinksGo() {
        String md = markdown("""
            <h1 id="user-guide">User Guide<a class="headerlink" href="#user-guide" title="Permanent link">&para;</a></h1>
            <h2 id="writing-docs">Writing docs<a class="headerlink" href="#writing-docs" title="Permanent link">¶</a></h2>
            <p>Text.</p>""", "¶");
        assertTrue(md.startsWith("# User Guide\n\n## Writing docs\n"), md);
    }

    @Test
    void docusaurusHashLinksGo() {
        String md = markdown("""
            <h2 class="anchor anchorWithStickyNavbar_LWe7" id="getting-started">Getting started<a href="#getting-started"
             class="hash-link" aria-label="Direct link to Getting started" title="Direct link to Getting started">&#8203;</a>
            </h2><p>Install it.</p>
            <h3 class="anchor" id="next">Next <a href="#next" class="hash-link" aria-label="Direct link to Next">#</a></h3>
            <p>More.</p>""", "#next", "\u200b", "\\#");
        assertTrue(md.startsWith("## Getting started\n\nInstall it.\n\n### Next\n"), md);
    }

    @Test
    void rustdocAnchorsGo() {
        String md = markdown("""
            <h2 id="implementations" class="small-section-header">Implementations<a href="#implementations"
             class="anchor">§</a></h2>
            <section id="method.new" class="method"><a href="#method.new" class="anchor">§</a><h4 class="code-header">pub
             fn new() -&gt; Vec</h4></section><p>Makes a vector.</p>""", "§");
        assertTrue(md.startsWith("## Implementations\n\n#### pub fn new() -> Vec\n"), md);
    }

    @Test
    void githubIconAnchorsGo() {
        String md = markdown("""
            <div class="markdown-heading"><h2 class="heading-element">Install</h2><a id="user-content-install"
             class="anchor" aria-label="Permalink: Install" href="#install"><svg class="octicon octicon-link"
             viewBox="0 0 16 16" width="16" height="16" aria-hidden="true"><path d="M0 0"></path></svg></a></div>
            <h2><a id="user-content-usage" class="anchor" aria-hidden="true" href="#usage"><svg class="octicon"></svg>
            </a>Usage</h2><p>Run it.</p>""");
        assertTrue(md.startsWith("## Install\n\n## Usage\n\nRun it.\n"), md);
    }

    @Test
    void iconLinksThatSayTheyArePermalinksGo() {
        String md = markdown("""
            <h2 id="setup">Setup <a class="headerlink" href="#setup"><img src="link.svg" alt="link"></a></h2>
            <h2 id="run">Run <a href="#run" title="Link to this heading"><img src="link.svg" alt=""></a></h2>
            <h2 id="emoji">Emoji <a href="#emoji">🔗\uFE0F</a></h2><p>Text.</p>""", "link.svg", "🔗");
        assertTrue(md.startsWith("## Setup\n\n## Run\n\n## Emoji\n"), md);
    }

    @Test
    void docbookAnchorsAtAHeadingsStartCountAsItsId() {
        String md = markdown("""
            <div class="sect1"><h2 class="title"><a id="TUTORIAL-SELECT"></a>2.5. Querying a Table <a
             href="#TUTORIAL-SELECT" class="id_link">#</a></h2><p>Select rows.</p></div>""", "#TUTORIAL");
        assertTrue(md.startsWith("## 2.5. Querying a Table\n"), md);
    }

    @Test
    void linksThatAreNotPermalinksStay() {
        String md = markdown("""
            <h2 id="intro"><a href="#intro">Introduction</a></h2>
            <h2 id="logo"><a href="#logo"><img src="logo.png" alt="Logo"></a> Logo</h2>
            <p id="p1">A note<a href="#fn1" id="r1">1</a> and see <a href="#intro">§</a>.</p>
            <ol><li id="fn1">The note. <a href="#r1">↩</a></li></ol>""");
        assertTrue(md.contains("## [Introduction](https://docs.example.org/guide/page.html#intro)\n"), md);
        assertTrue(md.contains("[![Logo](https://docs.example.org/guide/logo.png)]"), md);
        assertTrue(md.contains("[§](https://docs.example.org/guide/page.html#intro)"), md);
        assertTrue(md.contains("[↩](https://docs.example.org/guide/page.html#r1)"), md);
    }
}
