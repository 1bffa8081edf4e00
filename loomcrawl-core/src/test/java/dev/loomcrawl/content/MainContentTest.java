package dev.loomcrawl.content;

import dev.loomcrawl.extract.PageTree;
import dev.loomcrawl.extract.StreamingLinkExtractor;
import dev.loomcrawl.url.WebUrl;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MainContentTest {
    private static final String URL = "https://news.example/2026/11/harbour-bridge.html";

    private static final String NEWS = """
            <!DOCTYPE html>
            <html lang="en"><head><title>Harbour bridge reopens after two years | Example News</title></head>
            <body>
            <div id="gdpr-banner" class="gdpr">We use cookies to improve your experience. Accept all cookies or manage
              your preferences.<button>Accept</button></div>
            <header class="site-header"><a href="/">Example News</a>
              <nav><ul><li><a href="/world">World</a></li><li><a href="/business">Business</a></li>
              <li><a href="/sport">Sport</a></li><li><a href="/culture">Culture</a></li></ul></nav></header>
            <div class="layout">
              <div class="story">
                <h1>Harbour bridge reopens after two years</h1>
                <div class="byline">By Jane Porter, transport correspondent</div>
                <div class="share-tools"><a href="https://twitter.example/share">Share on Twitter</a>
                  <a href="https://facebook.example/share">Share on Facebook</a></div>
                <p>The harbour bridge reopened to traffic on Monday morning, two years after engineers found cracks in
                  its steel deck and closed it to cars, buses and lorries.</p>
                <p>Commuters, who had taken a ferry or a forty-minute detour since the closure, crossed in a slow
                  procession as the first light came up over the water, some of them sounding their horns.</p>
                <p>The repairs cost 84 million, more than twice the first estimate, because the contractor had to
                  replace whole sections of the deck rather than weld the cracks, the city's transport office said.</p>
                <p>Engineers will inspect the new deck every six months, and sensors fitted under it report the strain
                  of each passing lorry to a control room, so that a new crack would be seen within days.</p>
              </div>
              <div class="related-stories"><h3>Related stories</h3><ul>
                <li><a href="/a">Ferry operator adds late sailings</a></li>
                <li><a href="/b">Council approves tram extension</a></li>
                <li><a href="/c">Lorry ban on the coast road lifted</a></li></ul></div>
              <div id="comments" class="comments"><h3>23 comments</h3>
                <div class="comment"><p>About time, I have been taking the ferry for two years and it was never on
                  time, not once, not even on a calm day.</p></div>
                <div class="comment"><p>Eighty-four million for a bridge deck, who signed that contract, and why was
                  nobody asked about the cost before it doubled?</p></div></div>
            </div>
            <aside class="sidebar"><h3>Most read</h3><ol><li><a href="/x">Storm warning for the weekend</a></li>
              <li><a href="/y">House prices fall again</a></li></ol></aside>
            <footer class="site-footer"><p>Copyright 2026 Example News Ltd. All rights reserved.</p>
              <a href="/privacy">Privacy</a> <a href="/terms">Terms</a></footer>
            </body></html>""";

    @Test
    void aNewsArticleKeepsItsParagraphsAndLeavesOutThePageAroundThem() {
        Document doc = Jsoup.parse(NEWS, URL);
        MainContent.Result result = MainContent.of(doc);
        String text = result.toElement(URL).text();
        assertTrue(result.found());
        assertKeeps(text, "reopened to traffic on Monday morning", "sounding their horns",
                "rather than weld the cracks", "seen within days");
        assertLeavesOut(text, "We use cookies", "Business", "Share on Twitter", "By Jane Porter",
                "Related stories", "Ferry operator adds late sailings", "23 comments", "I have been taking the ferry",
                "Most read", "Storm warning", "Copyright 2026", "Privacy");
    }

    @Test
    void theResultIsTheLayoutWithItsBylineShareBarRelatedStoriesAndCommentsLeftOut() {
        PageTree tree = PageTree.of(Jsoup.parse(NEWS, URL));
        MainContent.Result result = MainContent.of(tree);
        assertEquals(1, result.roots().length);
        int layout = result.roots()[0];
        assertEquals("layout", tree.attr(layout, "class"));
        List<String> leftOut = new ArrayList<>();
        for (int n = layout; n < tree.end(layout); n++) {
            if (result.leftOut()[n]) {
                leftOut.add(tree.attr(n, "class"));
            }
        }
        assertEquals(List.of("byline", "share-tools", "related-stories", "comments"), leftOut);
    }

    @Test
    void theDocumentIsNotChangedAndLinksStillResolve() {
        Document doc = Jsoup.parse(NEWS, URL);
        String before = doc.outerHtml();
        Element root = MainContent.of(doc).toElement(URL);
        assertEquals(before, doc.outerHtml());
        // a new element, not in the page, with its base URI
        assertFalse(root.hasParent());
        assertEquals("div", root.normalName());
        Document relative = Jsoup.parse(NEWS.replace("<p>The harbour bridge reopened",
                "<p>The <a href=\"../bridge/history.html\">harbour bridge</a> reopened"), URL);
        Element link = MainContent.of(relative).toElement(URL).selectFirst("a[href=../bridge/history.html]");
        assertNotNull(link);
        assertEquals("https://news.example/2026/bridge/history.html", link.absUrl("href"));
    }

    @Test
    void theLinkPassTreeGivesTheSameResultAsJsoupsDom() {
        PageTree streamed = new StreamingLinkExtractor(1000, false)
                .extract(NEWS.getBytes(StandardCharsets.UTF_8), "utf-8", WebUrl.parse(URL), true).tree();
        MainContent.Result fromStream = MainContent.of(streamed);
        MainContent.Result fromJsoup = MainContent.of(Jsoup.parse(NEWS, URL));
        assertArrayEquals(fromJsoup.roots(), fromStream.roots());
        assertArrayEquals(fromJsoup.leftOut(), fromStream.leftOut());
        assertEquals(fromJsoup.toElement(URL).outerHtml(), fromStream.toElement(URL).outerHtml());
    }

    @Test
    void theCopyKeepsAttributesAsJsoupHasThem() {
        String html = "<html><body><main><p class=\"a\" class=\"b\" data-x data-y=\"\" title=\"&lt;T&gt;\">One</p>"
                + "<p>Two<br>lines</p></main></body></html>";
        Document doc = Jsoup.parse(html, URL);
        assertEquals(doc.selectFirst("main").outerHtml(), MainContent.of(doc).toElement(URL).child(0).outerHtml());
    }

    @Test
    void aBlogPostInMainLeavesOutItsCommentsAndWidgets() {
        String html = """
                <html><head><title>Sourdough at home, week three</title></head><body class="blog">
                <div id="page"><header id="masthead" class="site-header"><p class="site-title">
                  <a href="/">Crumb and Crust</a></p><nav id="site-navigation" class="main-navigation">
                  <a href="/recipes">Recipes</a> <a href="/about">About</a></nav></header>
                <main id="main" class="site-main">
                <article class="post type-post hentry">
                  <header class="entry-header"><h1 class="entry-title">Sourdough at home, week three</h1>
                    <div class="entry-meta"><span class="byline">Posted by <a rel="author" href="/me">Sam</a></span>
                    </div></header>
                  <div class="entry-content">
                    <p>This week the starter finally doubled in four hours, which means it is strong enough to raise a
                      loaf without any commercial yeast, and the crumb showed it.</p>
                    <p>I fed it twice a day with equal weights of rye flour and water, kept it on top of the fridge where
                      it stays warm, and discarded all but fifty grams before each feed.</p>
                    <pre><code>flour 500 g
                water 350 g
                starter 100 g
                salt 10 g</code></pre>
                    <p>The dough rested overnight in the fridge, and baked in a covered pot for twenty minutes, then
                      another twenty with the lid off until the crust was dark brown.</p>
                  </div>
                  <footer class="entry-footer">Filed under <a href="/tag/bread">bread</a></footer>
                </article>
                <div id="comments" class="comments-area"><h2 class="comments-title">4 thoughts on this post</h2>
                  <ol class="comment-list"><li class="comment"><p>My starter smells of nail varnish, is that normal,
                    or should I throw it away and begin again from scratch?</p></li></ol></div>
                </main>
                <aside id="secondary" class="widget-area"><section class="widget"><h2>Archives</h2>
                  <ul><li><a href="/2026/10">October 2026</a></li></ul></section></aside>
                <footer id="colophon" class="site-footer">Proudly powered by a blog engine</footer></div>
                </body></html>""";
        String text = MainContent.of(Jsoup.parse(html, "https://blog.example/sourdough"))
                .toElement("https://blog.example/sourdough").text();
        assertKeeps(text, "finally doubled in four hours", "discarded all but fifty grams", "starter 100 g",
                "another twenty with the lid off");
        assertLeavesOut(text, "Crumb and Crust", "Recipes", "Posted by", "Filed under",
                "4 thoughts", "nail varnish", "Archives", "October 2026", "Proudly powered");
    }

    @Test
    void aSphinxPageKeepsItsWholeBodyAndLeavesOutSidebarAndRelatedBars() {
        String html = """
                <html><head><title>json — JSON encoder and decoder</title></head><body>
                <div class="related" role="navigation" aria-label="related navigation"><h3>Navigation</h3><ul>
                  <li class="right"><a href="genindex.html">index</a></li><li><a href="index.html">Python Docs</a>
                  </li><li><a href="library.html">The Python Standard Library</a> &#187;</li></ul></div>
                <div class="document"><div class="documentwrapper"><div class="bodywrapper">
                <div class="body" role="main">
                <section id="module-json"><h1>json — JSON encoder and decoder<a class="headerlink"
                  href="#module-json">¶</a></h1>
                <p>JSON, specified by RFC 7159, is a lightweight data interchange format inspired by JavaScript
                  object literal syntax.</p>
                <div class="highlight-python3 notranslate"><div class="highlight"><pre><span></span><span
                  class="kn">import</span> <span class="nn">json</span>
                <span class="n">json</span><span class="o">.</span><span class="n">dumps</span><span class="p">([</span><span
                  class="s1">'foo'</span><span class="p">])</span></pre></div></div>
                <section id="basic-usage"><h2>Basic Usage</h2>
                <dl class="py function"><dt class="sig sig-object py" id="json.dump"><span class="sig-name">dump</span>(obj, fp)</dt>
                <dd><p>Serialize obj as a JSON formatted stream to fp, a file-like object supporting write().</p>
                <table class="docutils"><thead><tr><th>Python</th><th>JSON</th></tr></thead>
                <tbody><tr><td>dict</td><td>object</td></tr><tr><td>list, tuple</td><td>array</td></tr></tbody></table>
                </dd></dl></section>
                <section id="comments-and-docstrings"><h2>Comments and docstrings</h2>
                <p>The encoder writes no comments, as JSON has none; a docstring of the module says so too.</p>
                </section></section>
                </div></div></div>
                <div class="sphinxsidebar" role="navigation" aria-label="main navigation"><h3>Table of Contents</h3>
                  <ul><li><a href="#">json — JSON encoder and decoder</a></li></ul><h4>Previous topic</h4>
                  <p><a href="email.html">email — An email and MIME handling package</a></p></div></div>
                <div class="footer">© Copyright 2001-2023, Python Software Foundation.</div>
                </body></html>""";
        Document doc = Jsoup.parse(html, "https://docs.python.example/3/library/json.html");
        Element main = doc.selectFirst("div[role=main]");
        MainContent.Result result = MainContent.of(doc);
        String text = result.toElement(doc.baseUri()).text();
        assertKeeps(text, "lightweight data interchange format", "json.dumps(['foo'])",
                "Serialize obj as a JSON formatted stream", "list, tuple array");
        // a section whose id holds "comments" is documentation here, not a comment thread
        assertTrue(text.contains("The encoder writes no comments"), text);
        assertLeavesOut(text, "Navigation", "The Python Standard Library", "Table of Contents",
                "Previous topic", "© Copyright");
        assertEquals(main.text(), text);
    }

    @Test
    void aJavadocPageIsItsMainElementWhole() {
        String html = """
                <html><head><title>ZipEntry (Java SE 17 &amp; JDK 17)</title></head><body class="class-declaration-page">
                <div class="flex-box"><header role="banner" class="flex-header"><nav role="navigation">
                <div class="top-nav" id="navbar-top"><ul id="navbar-top-firstrow" class="nav-list" title="Navigation">
                <li><a href="../../../module-summary.html">Module</a></li><li><a href="package-summary.html">Package</a></li>
                <li class="nav-bar-cell1-rev">Class</li><li><a href="class-use/ZipEntry.html">Use</a></li></ul></div>
                <div class="sub-nav"><ul class="sub-nav-list"><li>Summary:&nbsp;</li><li><a href="#field-summary">Field</a>&nbsp;|&nbsp;</li>
                </ul></div></nav></header>
                <div class="flex-content"><main role="main">
                <div class="header"><div class="sub-title"><span class="package-label-in-type">Package</span>&nbsp;<a
                  href="package-summary.html">java.util.zip</a></div><h1 title="Class ZipEntry" class="title">Class ZipEntry</h1></div>
                <div class="inheritance" title="Inheritance Tree"><a href="../../lang/Object.html">java.lang.Object</a>
                <div class="inheritance">java.util.zip.ZipEntry</div></div>
                <section class="class-description" id="class-description"><div class="block">This class is used to
                  represent a ZIP file entry.</div></section>
                <section class="summary"><ul class="summary-list"><li><section class="method-summary" id="method-summary">
                <h2>Method Summary</h2><div class="summary-table three-column-summary">
                <div class="table-header col-first">Modifier and Type</div><div class="table-header col-second">Method</div>
                <div class="table-header col-last">Description</div>
                <div class="col-first even-row-color"><code><a href="../../lang/String.html">String</a></code></div>
                <div class="col-second even-row-color"><code><a href="#getComment()" class="member-name-link">getComment</a>()</code></div>
                <div class="col-last even-row-color"><div class="block">Returns the comment string for the entry.</div></div>
                <div class="col-first odd-row-color"><code>long</code></div>
                <div class="col-second odd-row-color"><code><a href="#getSize()" class="member-name-link">getSize</a>()</code></div>
                <div class="col-last odd-row-color"><div class="block">Returns the uncompressed size of the entry data.</div></div>
                </div></section></li></ul></section>
                <section class="details"><ul class="details-list"><li><section class="method-details" id="method-detail">
                <h2>Method Details</h2><ul class="member-list"><li><section class="detail" id="getComment()">
                <h3>getComment</h3><div class="member-signature"><span class="modifiers">public</span>&nbsp;<span
                  class="return-type"><a href="../../lang/String.html">String</a></span>&nbsp;<span class="element-name">getComment</span>()</div>
                <div class="block">Returns the comment string for the entry.</div>
                <dl class="notes"><dt>Returns:</dt><dd>the comment string for the entry, or null if none</dd></dl>
                </section></li></ul></section></li></ul></section>
                </main>
                <footer role="contentinfo"><hr><p class="legal-copy"><small><a href="https://bugreport.java.com/bugreport/">Report
                  a bug or suggest an enhancement</a><br>Copyright © 1993, 2023, Oracle and/or its affiliates.</small></p></footer>
                </div></div></body></html>""";
        Document doc = Jsoup.parse(html, "https://docs.example/api/java.base/java/util/zip/ZipEntry.html");
        MainContent.Result result = MainContent.of(doc);
        String text = result.toElement(doc.baseUri()).text();
        assertTrue(result.found());
        assertEquals(doc.selectFirst("main").text(), text);
        assertArrayEquals(new int[] {find(result.tree(), "main")}, result.roots());
        assertNull(result.leftOut(), "nothing in main is left out, so main itself is the content");
        assertLeavesOut(text, "Module", "Summary:", "Report a bug", "Oracle");
    }

    @Test
    void aDocutilsPageKeepsItsTopicSidebarAndFootnotesButNotAnAsideOfItsOwn() {
        String body = """
                <body><div class="document"><div class="body" role="main"><section id="annotations">
                <h1>Annotations Best Practices</h1>
                <aside class="topic"><p class="topic-title">Abstract</p><p>This document is designed to encapsulate the
                  best practices for working with annotations dicts, for code that examines them.</p></aside>
                <aside class="sidebar"><p class="sidebar-title">Hello World!</p><div class="highlight"><pre>import
                asyncio
                asyncio.run(main())</pre></div></aside>
                <p>Python 3.10 adds a new function to the standard library, which is the best way to get the
                  annotations dict of any object that supports annotations<a class="footnote-reference brackets"
                  href="#id2" id="id1" role="doc-noteref">1</a>, and it is what this guide recommends.</p>
                <p>In Python 3.9 and older, accessing the annotations dict of an object is much more complicated than
                  in newer versions, and the problem is a quirk of the language's design, which this guide explains.</p>
                <aside class="footnote-list brackets"><aside class="footnote brackets" id="id2" role="note"><span
                  class="label"><a role="doc-backlink" href="#id1">1</a></span><p>The function was added in
                  Python 3.10.</p></aside></aside>
                <aside class="promo"><p>Try our hosted notebooks today, free for thirty days.</p></aside>
                <section id="comments-and-related-menus"><h2>Comments and related menus</h2><p>A comment in an
                  annotation is kept as written, and the editor's <span class="menuselection">Options → Configure
                  IDLE</span> menu shows them.</p></section>
                </section></div></div>
                <div class="sphinxsidebar" role="navigation"><h3>Previous topic</h3></div></body></html>""";
        String page = "<html><head><meta name=\"generator\" content=\"Docutils 0.19: https://docutils.sourceforge.io/\">"
                + "<title>Annotations</title></head>" + body;
        String text = mainText(page);
        // the last two: docutils makes a section's id from its title, and menuselection is a menu's words
        assertKeeps(text, "Abstract", "best practices for working with annotations dicts",
                "Hello World!", "asyncio.run(main())", "The function was added in Python 3.10.",
                "which this guide explains", "Comments and related menus", "Options → Configure IDLE");
        assertFalse(text.contains("hosted notebooks"), "an aside docutils does not write is left out: " + text);
        assertFalse(text.contains("Previous topic"), text);
        // the same markup from no known generator: asides are beside the content, and a sidebar is boilerplate
        String other = mainText("<html><head><title>Annotations</title></head>" + body);
        assertLeavesOut(other, "Abstract", "Hello World!", "The function was added");
        assertTrue(other.contains("which this guide explains"), other);
    }

    @Test
    void aJavadocPageIsItsMainWholeWithItsDeprecationAndPreviewComments() {
        String body = """
                <body><main role="main"><div class="header"><h1 class="title">Class Thread</h1></div>
                <section class="class-description"><div class="block">A thread is a thread of execution in a program.
                  The Java Virtual Machine allows an application to have multiple threads running at once.</div></section>
                <section class="detail" id="stop()"><h3>stop</h3><div class="member-signature">public final void stop()</div>
                <div class="deprecation-block"><span class="deprecated-label">Deprecated.</span>
                <div class="deprecation-comment">This method is inherently unsafe: stopping a thread causes it to unlock
                  all of the monitors that it has locked. Use interrupt instead.</div></div>
                <div class="block">Forces the thread to stop executing, as the security manager allows.</div></section>
                <section class="detail" id="ofVirtual()"><h3>ofVirtual</h3><div class="preview-block"><div
                  class="preview-comment">ofVirtual is a preview API of the Java platform.</div></div>
                <div class="block">Returns a builder for creating a virtual thread.</div></section>
                <div id="related-package-summary"><h2>Related Packages</h2><div class="block">java.lang.invoke holds
                  the method handles a thread's code may look up.</div></div>
                <section class="detail" id="run()"><h3>run</h3><div class="block">If this thread was constructed
                  using a separate Runnable run object, then that Runnable object's run method is called; otherwise,
                  this method does nothing and returns. Subclasses of Thread should override this method, and a
                  thread started twice throws an exception, whatever its state was when it was started again.</div>
                </section>
                <section class="detail" id="join()"><h3>join</h3><div class="block">Waits for this thread to die.
                  An invocation of this method behaves in exactly the same way as the invocation join(0), and it may
                  be interrupted, in which case the interrupted status of the current thread is cleared and an
                  exception is thrown, so that a caller can tell an interrupted wait from one that ended.</div>
                </section>
                </main></body></html>""";
        String page = "<html><head><meta name=\"generator\" content=\"javadoc/ClassWriterImpl\"><title>Thread</title>"
                + "</head>" + body;
        Document doc = Jsoup.parse(page, "https://docs.example/page.html");
        MainContent.Result result = MainContent.of(doc);
        assertArrayEquals(new int[] {find(result.tree(), "main")}, result.roots(), "javadoc's main is the document");
        assertNull(result.leftOut());
        String text = text(result);
        assertKeeps(text, "Deprecated.", "This method is inherently unsafe", "Use interrupt instead.",
                "ofVirtual is a preview API", "Returns a builder for creating a virtual thread.",
                "java.lang.invoke holds the method handles");
        String other = mainText("<html><head><title>Thread</title></head>" + body);
        assertLeavesOut(other, "This method is inherently unsafe", "ofVirtual is a preview API");
        assertKeeps(other, "Forces the thread to stop executing");
    }

    @Test
    void aDocBookPageIsItsDivisionWithItsMenuNamesAndSectionsWhateverTheirIds() {
        String body = """
                <body><div class="navheader"><table><tr><th>Chapter 9. Functions and Operators</th></tr><tr><td><a
                  href="functions-logical.html">Prev</a></td><td><a href="functions-math.html">Next</a></td></tr>
                </table></div>
                <div class="sect1" id="functions-comparison"><div class="titlepage"><h2 class="title">9.2. Comparison
                  Functions and Operators</h2></div>
                <p>The usual comparison operators are available, and the menu <span class="guimenu">Tools</span> →
                  <span class="guimenuitem">Query Tool</span> of a graphical client runs them as written here.</p>
                <div class="sect2" id="functions-comparison-related-menus"><h3>Related functions and menus</h3>
                <p>The comparison functions compare two values of a type, and the related predicates test a value
                  against null, against a range, or against each value of a list, returning a boolean.</p></div>
                </div>
                <div class="navfooter"><a href="functions-logical.html">Prev</a> <a href="index.html">Home</a></div>
                </body></html>""";
        String page = "<html><head><meta name=\"generator\" content=\"DocBook XSL Stylesheets Vsnapshot\">"
                + "<title>9.2. Comparison Functions and Operators</title></head>" + body;
        Document doc = Jsoup.parse(page, "https://docs.example/page.html");
        MainContent.Result result = MainContent.of(doc);
        // all of the division: its menu names, and a section whose id holds "related" and "menus"
        assertEquals(doc.selectFirst("div.sect1").text(), result.toElement(doc.baseUri()).text());
    }

    @Test
    void aWholeDivisionLeavesOutItsShortAuthorLineAndShareBarByTheirLengths() {
        // the rules that still apply inside a whole container go by the text lengths of what blocks hold: an author
        // line under 100 characters and a share bar under 500 are left out, a longer block named so is not
        String notes = "These notes were first written by the original author of the library, and later revised by "
                + "its maintainers for each release, with examples for every function they describe.";
        String body = "<body><div class=\"navheader\"><a href=\"prev.html\">Prev</a></div>"
                + "<div class=\"chapter\"><h2>Chapter 3. Filesystem</h2>"
                + "<div class=\"author\"><h3 class=\"author\">Beman Dawes</h3></div>"
                + "<p>The library provides portable facilities to query and manipulate paths, files and directories."
                + "</p><div class=\"author-notes\"><p>" + notes + "</p></div>"
                + "<div class=\"share\"><a href=\"https://social.example/s\">Share this chapter</a></div>"
                + "<p>Its path class holds a path in the native format of the operating system.</p></div>"
                + "<div class=\"navfooter\"><a href=\"next.html\">Next</a></div></body></html>";
        String page = "<html><head><meta name=\"generator\" content=\"DocBook XSL Stylesheets V1.79.1\">"
                + "<title>Chapter 3. Filesystem</title></head>" + body;
        Document doc = Jsoup.parse(page, "https://docs.example/filesystem.html");
        String text = MainContent.of(doc).toElement(doc.baseUri()).text();
        assertKeeps(text, "Chapter 3. Filesystem", "portable facilities", notes, "native format");
        assertLeavesOut(text, "Beman Dawes", "Share this chapter", "Prev", "Next");
    }

    @Test
    void aGeneratorsPageWithoutItsContainerIsReadAsAnyPage() {
        // javadoc's meta, but no main element: Readability's article, without the navigation, the footer, and the
        // bar of links beside the article that the body would hold
        String page = "<html><head><meta name=\"generator\" content=\"javadoc/IndexWriter\"><title>Index</title>"
                + "</head><body><nav><a href=\"overview.html\">Overview</a> <a href=\"tree.html\">Tree</a></nav>"
                + "<div class=\"bar\"><a href=\"deprecated-list.html\">Deprecated</a> <a href=\"help-doc.html\">"
                + "Help</a></div><div class=\"contentContainer\"><p>This index lists every class, interface, "
                + "method and field of the platform's modules, sorted by name, with the package each of them belongs "
                + "to.</p><p>Each "
                + "entry links to the page that documents it, and a short description follows its name, taken from "
                + "the first sentence of its documentation comment, as the comment's author wrote it.</p></div>"
                + "<footer><p>Copyright 2021 Example Corporation and its affiliates.</p></footer></body></html>";
        Document doc = Jsoup.parse(page, "https://docs.example/index-all.html");
        MainContent.Result result = MainContent.of(doc);
        assertTrue(result.found());
        String text = result.toElement(doc.baseUri()).text();
        assertKeeps(text, "This index lists every class", "short description follows its name");
        assertLeavesOut(text, "Overview", "Copyright 2021", "Deprecated", "Help");
    }

    @Test
    void aRustdocPageIsItsMainWholeButForItsSearchForm() {
        String body = """
                <body class="rustdoc trait"><nav class="sidebar"><h2 class="location"><a href="#">FromRawFd</a></h2>
                <div class="sidebar-elems"><h3><a href="#required-methods">Required Methods</a></h3><ul><li><a
                  href="#tymethod.from_raw_fd">from_raw_fd</a></li></ul></div></nav>
                <main><div class="width-limiter"><div class="sub-container"><nav class="sub"><form class="search-form">
                <input class="search-input" name="search" placeholder="Click or press S to search" type="search"><button
                  type="button" id="help-button" title="help">?</button></form></nav></div>
                <section id="main-content" class="content"><div class="main-heading"><h1 class="fqn"><span
                  class="in-band">Trait <a href="../index.html">io</a>::<a class="trait" href="#">FromRawFd</a><button
                  id="copy-path" title="Copy item path to clipboard">copy</button></span></h1><span class="out-of-band"><a
                  class="srclink" href="../../src/raw.rs.html#61-99">source</a></span></div>
                <div class="docblock item-decl"><pre class="rust trait"><code>pub trait FromRawFd {
                    unsafe fn <a href="#tymethod.from_raw_fd" class="fnname">from_raw_fd</a>(fd: <a class="type"
                  href="type.RawFd.html">RawFd</a>) -&gt; Self;
                }</code></pre></div>
                <details class="rustdoc-toggle top-doc" open><summary class="hideme"><span>Expand description</span></summary>
                <div class="docblock"><p>A trait to express the ability to construct an object from a raw file
                  descriptor.</p></div></details>
                <h2 id="required-methods" class="small-section-header">Required Methods</h2><div class="methods"><details
                  class="rustdoc-toggle" open><summary><div id="tymethod.from_raw_fd" class="method has-srclink"><div
                  class="rightside"><a class="srclink" href="../../src/raw.rs.html#98">source</a></div><h4
                  class="code-header">unsafe fn <a href="#tymethod.from_raw_fd" class="fnname">from_raw_fd</a>(fd: <a
                  class="type" href="type.RawFd.html">RawFd</a>) -&gt; Self</h4></div></summary><div class="docblock">
                <p>Constructs a new instance of Self from the given raw file descriptor.</p>
                <p>This function is typically used to consume ownership of the specified file descriptor. When used in
                  this way, the returned object will take responsibility for closing it when the object goes out of
                  scope.</p></div></details></div>
                <h2 id="implementors" class="small-section-header">Implementors</h2><div class="item-list"
                  id="implementors-list"><section id="impl-FromRawFd-for-File" class="impl has-srclink"><h3
                  class="code-header">impl <a class="trait" href="#">FromRawFd</a> for <a class="struct"
                  href="../../fs/struct.File.html">File</a></h3></section><section id="impl-FromRawFd-for-TcpStream"
                  class="impl has-srclink"><h3 class="code-header">impl <a class="trait" href="#">FromRawFd</a> for <a
                  class="struct" href="../../net/struct.TcpStream.html">TcpStream</a></h3></section></div>
                </section></div></main></body></html>""";
        String page = "<html><head><meta name=\"generator\" content=\"rustdoc\"><title>FromRawFd</title></head>"
                + body;
        Document doc = Jsoup.parse(page, "https://docs.example/std/os/unix/io/trait.FromRawFd.html");
        MainContent.Result result = MainContent.of(doc);
        assertArrayEquals(new int[] {find(result.tree(), "main")}, result.roots(), "rustdoc's main is the document");
        String text = text(result);
        assertKeeps(text, "pub trait FromRawFd", "A trait to express the ability",
                "unsafe fn from_raw_fd(fd: RawFd) -> Self", "Constructs a new instance of Self",
                "impl FromRawFd for File", "impl FromRawFd for TcpStream");
        assertLeavesOut(text, "Click or press", "Copy item path", "Required Methods\nfrom_raw_fd");
        Element expected = doc.selectFirst("section#main-content").clone();
        expected.select("button").remove();
        assertEquals(expected.text(), result.toElement(doc.baseUri()).text(), "all of main-content but its button");
    }

    /** The text of a page's main content, as a browser's text of the elements kept. */
    private static String mainText(String html) {
        return text(MainContent.of(Jsoup.parse(html, "https://docs.example/page.html")));
    }

    /** The text of a main content found. */
    private static String text(MainContent.Result result) {
        return PlainText.of(result.tree(), result.roots(), result.leftOut());
    }

    /** Asserts that the text has each of {@code kept}. */
    private static void assertKeeps(String text, String... kept) {
        for (String k : kept) assertTrue(text.contains(k), "left out: " + k + " | " + text);
    }

    /** Asserts that the text has none of {@code left}. */
    private static void assertLeavesOut(String text, String... left) {
        for (String l : left) assertFalse(text.contains(l), "left in: " + l + " | " + text);
    }

    @Test
    void aPageWithoutMainContentFallsBackToItsBody() {
        String html = """
                <html><body><nav><a href="/a">Home</a> <a href="/b">Products</a> <a href="/c">Contact</a></nav>
                <div class="grid"><a href="/1">One</a> <a href="/2">Two</a></div>
                <footer>© Shop</footer></body></html>""";
        MainContent.Result result = MainContent.of(Jsoup.parse(html));
        assertFalse(result.found());
        assertArrayEquals(new int[] {find(result.tree(), "body")}, result.roots());
        assertNull(result.leftOut());
    }

    @Test
    void aPageWithOnlyMainIsThatMain() {
        String html = """
                <html><body><main><h1>Opening hours</h1><p>Open every day from nine to five.</p></main></body></html>""";
        Document doc = Jsoup.parse(html);
        MainContent.Result result = MainContent.of(doc);
        assertTrue(result.found());
        assertEquals("Opening hours Open every day from nine to five.", result.toElement("").text());
    }

    @Test
    void nestedArticlesKeepTheStoryAndLeaveOutTheCommentArticles() {
        String html = """
                <html><body><article class="story"><h1>The lighthouse keeper</h1>
                <p>For thirty years the keeper climbed the hundred and twelve steps twice a night, to wind the clockwork
                  that turned the lens, in fog, in gales and on the calmest summer nights alike.</p>
                <p>When the light was automated in 1998 he stayed on in the cottage, painting the tower every spring,
                  because, he said, somebody had to look after it and nobody else had offered.</p>
                <p>He kept a log of every ship that passed, in pencil, in a row of school exercise books that now fill
                  two shelves of the harbour museum, next to the brass handle of the old clockwork.</p>
                <section class="comments"><h2>Comments</h2>
                  <article class="comment"><p>My grandfather knew him, and said he never once missed a night, not even
                    the winter he broke his wrist on the ice by the door.</p></article>
                  <article class="comment"><p>Lovely piece, thank you.</p></article></section>
                </article></body></html>""";
        String text = MainContent.of(Jsoup.parse(html)).toElement("").text();
        assertKeeps(text, "hundred and twelve steps", "painting the tower every spring");
        assertLeavesOut(text, "My grandfather knew him", "Lovely piece");
    }

    @Test
    void anArticleSplitIntoSiblingBlocksIsKeptWhole() {
        String html = """
                <html><body><div class="menu"><a href="/">Home</a> <a href="/news">News</a></div>
                <div class="wrapper">
                <div class="article-part"><p>The first part of the report describes how the river flooded the lower
                  town twice in one week, and how the pumps, bought after the last flood, failed in both.</p>
                  <p>Residents had sandbagged their doors, but water came up through the drains instead, a thing the
                  council's own survey had warned about in 2019.</p></div>
                <div class="ad-slot"><a href="https://ads.example/click">Advertisement</a></div>
                <div class="article-part"><p>The second part follows the clean-up, which took a month, and the
                  argument, still going on, over who pays for the new pumps and the drains.</p>
                  <p>Insurers have said they will cover the houses but not the shops, so several owners say they will
                  not reopen, and the high street may lose a third of its businesses.</p></div>
                <div class="article-part"><p>The third part asks whether the town should be defended at all, or
                  whether, as one engineer put it, some streets should be given back to the river.</p></div>
                </div></body></html>""";
        String text = MainContent.of(Jsoup.parse(html)).toElement("").text();
        assertKeeps(text, "The first part of the report", "The second part follows the clean-up",
                "lose a third of its businesses", "given back to the river");
        assertLeavesOut(text, "Advertisement", "News");
    }

    @Test
    void malformedHtmlIsReadAsABrowserWould() {
        String html = "<html><body><div id=menu><a href=/>Home</a><div class=\"post\"><p>An unclosed paragraph, with"
                + " enough words in it, and commas, to be a paragraph of the article<p>and a second one, that follows"
                + " it, also long enough to count as a paragraph of its own</div></span></td><b><i>stray</b></i>"
                + "<table><tr><td>cell<div></table></p></body></html><p>after the end";
        Document doc = Jsoup.parse(html);
        MainContent.Result result = MainContent.of(doc);
        assertTrue(result.found());
        String text = result.toElement("").text();
        assertKeeps(text, "An unclosed paragraph", "a second one, that follows it");
    }

    @Test
    void anEmptyDocumentGivesItsBodyOrItself() {
        MainContent.Result result = MainContent.of(Jsoup.parse(""));
        assertFalse(result.found());
        assertArrayEquals(new int[] {find(result.tree(), "body")}, result.roots());

        Document bare = new Document("https://example.org/");
        MainContent.Result none = MainContent.of(bare);
        assertFalse(none.found());
        assertArrayEquals(new int[] {0}, none.roots());
        assertEquals("", none.toElement(bare.baseUri()).html());
        assertEquals(0, bare.childNodeSize(), "nothing was added to the document");
    }

    @Test
    void twentyThousandNestedDivsDoNotOverflowTheStack() {
        String paragraph = "At the bottom of twenty thousand divs, this paragraph still has words, commas, and a point.";
        // jsoup's parser stops nesting at a few hundred levels, so the deep tree is also built by hand
        Document parsed = Jsoup.parse("<div>".repeat(20_000) + "<p>" + paragraph + "</p>" + "</div>".repeat(20_000));
        assertTrue(MainContent.of(parsed).toElement("").text().contains(paragraph));

        Document built = Jsoup.parse("<html><body></body></html>");
        Element at = built.body();
        for (int i = 0; i < 20_000; i++) {
            at = at.appendElement("div");
        }
        at.appendElement("p").text(paragraph);
        at.appendElement("nav").text("Home Products Contact");
        MainContent.Result result = MainContent.of(built);
        assertTrue(result.found());
        String text = result.toElement("").text();
        assertTrue(text.contains(paragraph));
        assertFalse(text.contains("Products"));
    }

    private static int find(PageTree tree, String name) {
        for (int n = 0; n < tree.size(); n++) {
            if (tree.is(n, name)) {
                return n;
            }
        }
        throw new AssertionError("no " + name);
    }
}
