package dev.loomcrawl.content;

import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * Finds a page's main content: the article or documentation body, with navigation, headers, footers, sidebars,
 * cookie banners, share buttons, related-article lists and comments left out.
 *
 * <p>Two methods, chosen by measurement (docs/content.md, decision 0027):
 * <ul>
 *   <li>Mozilla Readability's, for any page: paragraphs are scored by length and commas and give their scores to
 *       their ancestors ({@link Scoring}), the best ancestor and its fitting siblings are kept and boilerplate is
 *       cleaned out of them ({@link Article}, {@link Cleaning});</li>
 *   <li>the container the page declares as its main content ({@link Declared}: its only {@code main} or
 *       {@code role="main"}, or a DocBook page's division), whole but for what is never content in it (scripts,
 *       navigation, asides, footers, hidden elements, non-content roles, blocks named as comments, sharing, related
 *       links, ads..., author lines), when Readability's article misses a fifth or more of that container's text
 *       outside links, or lies outside it; always for DocBook pages. Documentation pages spread their body over many
 *       blocks (a javadoc page's summary tables and member details), of which Readability keeps only the densest.</li>
 * </ul>
 * Both work over a measured copy of the DOM's structure ({@link Tree}), made in one iterative pass, so that any depth
 * of nesting is fine and the document is never changed.
 */
public final class MainContent {
    /** Readability's {@code charThreshold}: an article shorter than this is tried again with fewer rules. */
    private static final int SHORT = 500;
    /** Readability's article must keep this share of a declared container's text outside links to be used. */
    private static final double COVERS = 0.8;

    private MainContent() {}

    /**
     * The page's main content.
     *
     * @param root  an element whose subtree is the main content. It is a new element, not attached to {@code doc},
     *              holding copies of the chosen blocks in document order with the document's base URI (so
     *              {@code absUrl} works), unless the content is one of {@code doc}'s elements whole, with nothing left
     *              out of it: then it is that element (read it, do not change it). The body (or the document) when
     *              no main content is found.
     * @param found whether a main content was found; false when {@code root} is the whole body
     */
    public record Result(Element root, boolean found) {}

    /**
     * The page's main content: an element whose subtree is the article or documentation body with boilerplate left
     * out (see {@link Result#root()}). Never null; never throws on a document jsoup parsed; does not change
     * {@code doc}.
     */
    public static Result of(Document doc) {
        Element page = body(doc);
        Tree tree = Tree.scan(page, new Tree.Rules(true, true, Declared.docBook(doc)));
        Declared declared = Declared.in(tree);
        Article article = null;
        boolean container = declared != null && declared.whole();
        if (!container) {
            article = attempt(tree, true);
            if (article == null || article.length < SHORT) {
                article = retried(page, tree, article);
            }
            container = declared != null && !covers(article, tree, declared.index());
        }
        if (container) {
            // the container whole, but for what the scan left out (never content, or named boilerplate) and the
            // short share bars, author lines and negatively named headings: no conditional cleaning
            article = Article.whole(tree, declared.index(), false);
        }
        if (article == null) {
            return new Result(page, false);
        }
        if (article.roots.length == 1 && !article.trimmed) {
            return new Result(article.tree.el[article.roots[0]], true);
        }
        return new Result(Copy.of(article, page.baseUri()), true);
    }

    /** The document's body (or frameset), or the document when it has none; unlike {@code doc.body()}, adds none. */
    private static Element body(Document doc) {
        for (Element html : doc.children()) {
            if (html.normalName().equals("html")) {
                for (Element child : html.children()) {
                    if (child.normalName().equals("body") || child.normalName().equals("frameset")) {
                        return child;
                    }
                }
            }
        }
        return doc;
    }

    /** Readability's article in {@code tree}, {@code clean} for its conditional cleaning; null without paragraphs. */
    private static Article attempt(Tree tree, boolean clean) {
        Scoring scoring = Scoring.of(tree);
        int top = scoring.top();
        return top < 0 ? null : Article.around(tree, scoring, top, clean);
    }

    /**
     * Readability's later attempts after a first that found no article or a short one ({@code best}): keeping
     * unlikely-named blocks, then also without class weights, then also without the conditional cleaning, until one
     * is long enough; else the longest.
     */
    private static Article retried(Element page, Tree first, Article best) {
        boolean divisions = first.rules.divisions();
        Tree tree = null;
        for (int k = 0; k < 3; k++) {
            if (k < 2) {
                tree = Tree.scan(page, new Tree.Rules(false, k == 0, divisions));
            }
            Article article = attempt(tree, k < 2);
            if (article != null && (best == null || article.length > best.length)) {
                best = article;
            }
            if (article != null && article.length >= SHORT) {
                break;
            }
        }
        return best;
    }

    /** Whether {@code article} lies in container {@code c} of {@code t} and keeps most of its text outside links. */
    private static boolean covers(Article article, Tree t, int c) {
        if (article == null || article.plain < COVERS * t.plain(c)) {
            return false;
        }
        Element container = t.el[c];
        for (int r : article.roots) {
            Element e = article.tree.el[r];
            while (e != null && e != container) {
                e = e.parent();
            }
            if (e == null) {
                return false;
            }
        }
        return true;
    }
}
