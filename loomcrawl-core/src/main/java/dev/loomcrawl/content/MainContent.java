package dev.loomcrawl.content;

import dev.loomcrawl.extract.PageTree;
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
 *       outside links, or lies outside it; always, without trying Readability, for a page whose generator vouches
 *       for its container (DocBook, javadoc, rustdoc, docutils: {@link Generator}). Documentation pages spread their
 *       body over many blocks (a javadoc page's summary tables and member details), of which Readability keeps only
 *       the densest.</li>
 * </ul>
 * Both work over the page's {@link PageTree}: what each element says of itself is read once ({@link Nodes}), and
 * each of Readability's attempts measures the body's elements from that in one pass ({@link Tree}), so that any
 * depth of nesting is fine; a container taken whole because of the page's generator is measured by its text lengths
 * alone, as Readability is not tried there. The result is a view of the tree (its blocks and what is left out of
 * them), not a copy.
 */
public final class MainContent {
    /** Readability's {@code charThreshold}: an article shorter than this is tried again with fewer rules. */
    private static final int SHORT = 500;
    /** Readability's article must keep this share of a declared container's text outside links to be used. */
    private static final double COVERS = 0.8;

    private MainContent() {}

    /**
     * A page's main content, as nodes of its tree.
     *
     * @param tree    the page
     * @param roots   the elements whose subtrees are the main content, in document order
     * @param leftOut per node of {@code tree}, true when that node and its subtree are not part of the content; null
     *                when nothing inside the roots is left out
     * @param found   false when no main content was found: then {@code roots} is the body (or the document node 0 when
     *                there is no body) and {@code leftOut} is null
     */
    public record Result(PageTree tree, int[] roots, boolean[] leftOut, boolean found) {
        /**
         * The content as a new jsoup element: a div holding copies of the roots (a copy of the document node's
         * children for node 0), without what is left out, with {@code baseUri} as its base URI so that
         * {@code absUrl} resolves links as in the page. For tests, benchmarks and callers who want a DOM.
         */
        public Element toElement(String baseUri) {
            return Copy.of(this, baseUri);
        }
    }

    /** The main content of {@code tree}. Never null; never throws on a tree made from a page; does not change it. */
    public static Result of(PageTree tree) {
        return find(tree).result();
    }

    /** The main content, and what finding it saw of the page's class attributes that Markdown would read again. */
    record Found(Result result, byte[] classHints) {}

    /** {@link #of(PageTree)}, with the {@link ClassHints} of the page's nodes. */
    static Found find(PageTree tree) {
        int body = body(tree);
        Nodes nodes = Nodes.read(tree, body, Generator.of(tree));
        return new Found(of(tree, body, nodes), nodes.classHints);
    }

    private static Result of(PageTree tree, int body, Nodes nodes) {
        Article article = wholeContainer(nodes);
        if (article == null) {
            article = readability(nodes);
        }
        if (article == null) {
            return new Result(tree, new int[] {body}, null, false);
        }
        int[] roots = new int[article.roots.length];
        for (int k = 0; k < roots.length; k++) {
            roots[k] = article.tree.node[article.roots[k]];
        }
        return new Result(tree, roots, article.leftOut, true);
    }

    /**
     * The container the page declares, when its generator vouches that all of it is content ({@link Declared#whole},
     * which no page without a known generator has), as the article; else null. Measured by its text lengths alone
     * ({@link Tree#lengths}): Readability's scoring and cleaning, which need the other measures, are not run.
     */
    private static Article wholeContainer(Nodes nodes) {
        if (nodes.generator == Generator.NONE) {
            return null;
        }
        Tree lengths = Tree.lengths(nodes);
        Declared declared = Declared.in(lengths);
        return declared != null && declared.whole() ? container(lengths, declared) : null;
    }

    /**
     * Readability's article, or the container the page declares when that article misses much of it or lies outside
     * it; null when there is neither.
     */
    private static Article readability(Nodes nodes) {
        Tree first = Tree.scan(nodes, true, true);
        Declared declared = Declared.in(first);
        Article article = attempt(first, true);
        if (article == null || article.length < SHORT) {
            article = retried(first, article);
        }
        return declared != null && !covers(article, first, declared.index()) ? container(first, declared) : article;
    }

    /**
     * The declared container whole, but for what the scan left out (never content, or named boilerplate) and the
     * short share bars, author lines and negatively named headings: no conditional cleaning.
     */
    private static Article container(Tree t, Declared declared) {
        return Article.whole(t, declared.index(), false);
    }

    /** The main content of a jsoup document: {@code of(PageTree.of(doc))}. */
    public static Result of(Document doc) {
        return of(PageTree.of(doc));
    }

    /** The body (or frameset) of the document's html element, or the document node 0 when it has none. */
    private static int body(PageTree tree) {
        for (int html = tree.firstChild(0); html >= 0; html = tree.next(html)) {
            if (tree.is(html, "html")) {
                for (int child = tree.firstChild(html); child >= 0; child = tree.next(child)) {
                    if (tree.is(child, "body") || tree.is(child, "frameset")) {
                        return child;
                    }
                }
            }
        }
        return 0;
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
     * is long enough; else the longest. An attempt over the same tree as the one before it, with the same rules,
     * would find the same article, too short: it is skipped (when no block was unlikely-named, or none weighed).
     */
    private static Article retried(Tree first, Article best) {
        Nodes nodes = first.nodes;
        Tree all = first;
        if (nodes.unlikely) {
            all = Tree.scan(nodes, false, true);
            best = longer(attempt(all, true), best);
            if (best != null && best.length >= SHORT) {
                return best;
            }
        }
        // the last two attempts score the same tree, so it is scored once
        Tree unweighed = nodes.weighed ? all.unweighed() : all;
        Scoring scoring = Scoring.of(unweighed);
        int top = scoring.top();
        if (top < 0) {
            return best;
        }
        if (nodes.weighed) {
            best = longer(Article.around(unweighed, scoring, top, true), best);
            if (best.length >= SHORT) {
                return best;
            }
        }
        return longer(Article.around(unweighed, scoring, top, false), best);
    }

    private static Article longer(Article article, Article best) {
        return article != null && (best == null || article.length > best.length) ? article : best;
    }

    /** Whether {@code article} lies in container {@code c} of {@code t} and keeps most of its text outside links. */
    private static boolean covers(Article article, Tree t, int c) {
        if (article == null || article.plain < COVERS * t.plain(c)) {
            return false;
        }
        PageTree page = t.nodes.page;
        int container = t.node[c];
        for (int r : article.roots) {
            int n = article.tree.node[r];
            if (n < container || n >= page.end(container)) {
                return false;
            }
        }
        return true;
    }
}
