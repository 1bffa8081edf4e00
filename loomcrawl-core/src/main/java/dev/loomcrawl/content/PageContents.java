package dev.loomcrawl.content;

import dev.loomcrawl.extract.PageFacts;
import dev.loomcrawl.extract.PageTree;
import dev.loomcrawl.result.PageContent;


/**
 * What a page says, from its tree ({@link PageTree}: the one the link pass recorded, or one made from jsoup's parse):
 * its main content found ({@link MainContent}) and written as Markdown ({@link Markdown}) and plain text
 * ({@link PlainText}) in one walk ({@link MarkdownAndText}), and what kind of page it is ({@link PageKinds}), from
 * signals the same walk counts. The facts come from the crawl's link pass, which has read them already.
 */
public final class PageContents {
    private PageContents() {
    }

    /**
     * The content of the page {@code html}, decoded with {@code charset} (the one its links were read with), its
     * links made absolute against {@code pageUrl} (and the page's own {@code <base href>}): parsed by jsoup, for
     * pages whose link pass kept no tree.
     */
    public static PageContent read(byte[] html, String charset, String pageUrl, PageFacts facts) {
        return read(html, charset, pageUrl, facts, 200);
    }

    /** {@link #read(byte[], String, String, PageFacts)} of a page answered with {@code status}. */
    public static PageContent read(byte[] html, String charset, String pageUrl, PageFacts facts, int status) {
        return of(PageTree.parse(html, charset, pageUrl), pageUrl, facts, status);
    }

    /**
     * The content of the page whose tree is {@code tree}, fetched from {@code pageUrl}. On a virtual thread, other
     * virtual threads get a turn between the steps ({@link Turns}).
     */
    public static PageContent of(PageTree tree, String pageUrl, PageFacts facts) {
        return of(tree, pageUrl, facts, 200);
    }

    /**
     * {@link #of(PageTree, String, PageFacts)} of a page answered with {@code status}, which its kind depends on
     * ({@link PageKinds}).
     */
    public static PageContent of(PageTree tree, String pageUrl, PageFacts facts, int status) {
        Turns.give();
        MainContent.Found found = MainContent.find(tree);
        MainContent.Result main = found.result();
        Turns.give();
        String[] head = KindSignals.head(tree);
        KindSignals.Count kind = new KindSignals.Count(tree, main.leftOut(), PageKinds.listing(head[0]));
        MarkdownAndText.Written both = MarkdownAndText.written(tree, main.roots(), main.leftOut(),
                main.leftOutOfText(), baseUri(tree, pageUrl), found.classHints(), kind);
        Turns.give();
        PageFacts known = withBylines(facts == null ? PageFacts.NONE : facts, found.said());
        return new PageContent(known, both.text(), both.markdown(), main.found(),
                PageKinds.of(status, kind.signals(head[0], head[1]), both.text(), known));
    }

    /**
     * {@code facts}, with what the bylines and datelines the content left out said where the page's metadata did not
     * say it: the author, the dates (as written, normalised as facts are).
     */
    static PageFacts withBylines(PageFacts facts, Bylines.Said said) {
        if (said.author() == null && said.published() == null && said.modified() == null) {
            return facts;
        }
        return new PageFacts(facts.title(), facts.description(), facts.lang(), facts.canonical(), facts.h1(),
                facts.published() != null ? facts.published() : PageFacts.normalise(said.published()),
                facts.modified() != null ? facts.modified() : PageFacts.normalise(said.modified()),
                facts.author() != null ? facts.author() : PageFacts.normalise(said.author()));
    }

    /**
     * What the page's links resolve against, as jsoup sets it while parsing: the first {@code <base>} whose
     * {@code href} makes an absolute URL against the page's, else the page's URL.
     */
    public static String baseUri(PageTree tree, String pageUrl) {
        for (int n = tree.firstBase(); n >= 0 && n < tree.size(); n++) { // from the first base, when there is one
            if (tree.is(n, "base") && tree.hasAttr(n, "href")) {
                String href = Resolve.against(pageUrl, tree.attr(n, "href"));
                if (!href.isEmpty()) return href;
            }
        }
        return pageUrl;
    }
}
