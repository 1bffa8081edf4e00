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
 *       the densest. But on a page that says it is an article ({@link ArticleMarkup}), Readability's article is kept
 *       when it lies in the container and the container has little prose beside it ({@link #articleInside}).</li>
 * </ul>
 * On pages no documentation generator made, the lines about the article (credits, bylines, datelines, teaser
 * lines, the repeated headline) are left out of the content ({@link ArticleLines}), what the bylines say is
 * returned for the page's facts, and the headline is left out of the plain text only
 * ({@link Result#leftOutOfText}).
 * Both work over the page's {@link PageTree}: what each element says of itself is read once ({@link Nodes}), and
 * each of Readability's attempts measures the body's elements from that in one pass ({@link Tree}), so that any
 * depth of nesting is fine; a container taken whole because of the page's generator is hardly measured (its short
 * share bars and author lines), as Readability is not tried there. The result is a view of the tree (its blocks and
 * what is left out of them), not a copy.
 */
public final class MainContent {
    /** Readability's {@code charThreshold}: an article shorter than this is tried again with fewer rules. */
    private static final int SHORT = 500;
    /** Readability's article must keep this share of a declared container's text outside links to be used. */
    private static final double COVERS = 0.8;
    /**
     * On an article page, Readability's article is used though it does not cover the container when the container's
     * prose outside it is less than this share of its text ({@link #articleInside}).
     */
    private static final double PROSE_LEFT = 0.15;
    /** A paragraph is this long at least (Readability's shortest scored paragraph). */
    private static final int PARAGRAPH = 25;

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
     * @param leftOutOfText per node of {@code tree}, true when that node and its subtree are left out of the content's
     *                plain text though its Markdown keeps them: the heading that repeats the page's title, which the
     *                page's facts hold and the Markdown keeps as its title; null when nothing is
     */
    public record Result(PageTree tree, int[] roots, boolean[] leftOut, boolean found, boolean[] leftOutOfText) {
        /** A result whose text and Markdown leave out the same nodes. */
        public Result(PageTree tree, int[] roots, boolean[] leftOut, boolean found) {
            this(tree, roots, leftOut, found, null);
        }

        /**
         * The content as a new jsoup element: a div holding copies of the roots (a copy of the document node's
         * children for node 0), without what is left out, with {@code baseUri} as its base URI so that
         * {@code absUrl} resolves links as in the page. For tests, benchmarks and callers who want a DOM. This is the
         * content the Markdown writes; {@link #toTextElement} is the one the plain text writes.
         */
        public Element toElement(String baseUri) {
            return Copy.of(this, baseUri, false);
        }

        /** {@link #toElement}, also without what {@link #leftOutOfText} marks: the content the plain text writes. */
        public Element toTextElement(String baseUri) {
            return Copy.of(this, baseUri, true);
        }
    }

    /** The main content of {@code tree}. Never null; never throws on a tree made from a page; does not change it. */
    public static Result of(PageTree tree) {
        return find(tree).result();
    }

    /**
     * The main content, what finding it saw of the page's class attributes that Markdown would read again, and what
     * the bylines and datelines it left out said (the author, the dates).
     */
    record Found(Result result, byte[] classHints, Bylines.Said said) {}

    /** {@link #of(PageTree)}, with the {@link ClassHints} of the page's nodes. */
    static Found find(PageTree tree) {
        int body = body(tree);
        Generator generator = Generator.of(tree);
        Nodes nodes = Nodes.read(tree, body, generator);
        if (generator == Generator.NONE) {
            nodes.headline = Headline.of(tree, html(tree));
        }
        Article article = wholeContainer(nodes);
        if (article == null) {
            article = readability(nodes);
        }
        if (article == null) {
            return new Found(new Result(tree, new int[] {body}, null, false), nodes.classHints, ArticleLines.NOTHING);
        }
        int[] roots = new int[article.roots.length];
        for (int k = 0; k < roots.length; k++) {
            roots[k] = article.tree.node[article.roots[k]];
        }
        return new Found(new Result(tree, roots, article.leftOut, true, article.leftOutOfText), nodes.classHints,
                article.said);
    }

    /**
     * The container the page declares, when its generator vouches that all of it is content ({@link Declared#whole},
     * which no page without a known generator has), as the article; else null. Measured only where its cleaning
     * reads a length, the short share bars and author lines ({@link Tree#lengths}): Readability's scoring and
     * cleaning, which need the other measures, are not run, and the article's lengths are not read.
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
        if (declared == null || covers(article, first, declared.index())
                || articleInside(article, first, declared.index())) {
            return article;
        }
        return container(first, declared);
    }

    /**
     * Whether {@code article}, which does not cover container {@code c}, is still the better on a page that says it is
     * an article ({@link ArticleMarkup}): it lies in the container, is no shorter than {@link #SHORT}, and the
     * container's text that it leaves out is mostly not prose: what the container has beyond it in paragraphs (p,
     * list items, h3 to h6, a div's text runs) of {@link #PARAGRAPH} characters or more with a link density under a
     * quarter is less than {@link #PROSE_LEFT} of the article's text. News sites put newsletter boxes, "up next"
     * videos, ratings and editors' picks in their {@code main}; what the article would miss of a documentation page
     * is paragraphs.
     */
    private static boolean articleInside(Article article, Tree t, int c) {
        if (article == null || article.length < SHORT || !inside(article, t, c)) {
            return false;
        }
        int prose = proseLeftOut(article, t, c);
        if (prose >= PROSE_LEFT * article.plain) {
            return false;
        }
        return ArticleMarkup.declared(t.nodes.page); // last: it reads the page's metas and scripts
    }

    /** The text of container {@code c}'s paragraphs that {@code article} does not hold (outside links). */
    private static int proseLeftOut(Article article, Tree t, int c) {
        int prose = 0;
        int[] roots = new int[article.roots.length]; // as page nodes: the article may be of another attempt's tree
        for (int k = 0; k < roots.length; k++) {
            roots[k] = article.tree.node[article.roots[k]];
        }
        int next = 0; // the first root not before element i: both go in document order
        for (int i = c + 1; i < t.end[c]; ) {
            if (t.removed(i)) {
                i = t.end[i];
                continue;
            }
            while (next < roots.length && roots[next] < t.node[i]) {
                next++;
            }
            if (next < roots.length && roots[next] == t.node[i]) {
                i = t.end[i];
                continue;
            }
            int k = t.kind[i];
            if ((k & (Tags.P | Tags.CODE | Tags.LI)) != 0 || (k & Tags.HEADING) != 0 && (k & Tags.TOP_HEADING) == 0
                    || (k & Tags.DIV) != 0 && (t.flags[i] & Tree.HAS_BLOCK) == 0) {
                if (t.chars[i] >= PARAGRAPH && t.linkDensity(i) < 0.25) {
                    prose += t.plain(i);
                }
                i = t.end[i];
                continue;
            }
            if ((k & Tags.DIV) != 0 && t.inline[i] >= PARAGRAPH) {
                prose += t.inline[i]; // text run between its blocks, which Readability makes a paragraph
            }
            i++;
        }
        return prose;
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

    /** The document's html element, or -1. */
    private static int html(PageTree tree) {
        for (int html = tree.firstChild(0); html >= 0; html = tree.next(html)) {
            if (tree.is(html, "html")) {
                return html;
            }
        }
        return -1;
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
        return article != null && article.plain >= COVERS * t.plain(c) && inside(article, t, c);
    }

    /** Whether {@code article}'s blocks all lie in container {@code c} of {@code t}. */
    private static boolean inside(Article article, Tree t, int c) {
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
