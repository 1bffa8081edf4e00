package dev.loomcrawl.content;

import dev.loomcrawl.extract.PageTree;
import dev.loomcrawl.result.PageText;

/**
 * The main content as {@link Markdown} and as {@link PlainText} at once, byte for byte what the two give apart, from
 * one walk over the tree ({@link ContentWalk#walkTogether}): the nodes are visited, and each element's role and
 * whether it is hidden found, once for both. What {@link PageContents} makes a page's content with.
 */
public record MarkdownAndText(String markdown, String text) {
    /**
     * What {@link Markdown#of(PageTree, int[], boolean[], String)} and {@link PlainText#of(PageTree, int[], boolean[])}
     * give for the same arguments.
     */
    public static MarkdownAndText of(PageTree tree, int[] roots, boolean[] leftOut, String baseUri) {
        return of(tree, roots, leftOut, null, baseUri, null);
    }

    /**
     * The same, the text also without what {@code leftOutOfText} marks (null: none), as
     * {@link PlainText#of(PageTree, int[], boolean[], boolean[])}: a {@link MainContent.Result}'s Markdown and text.
     */
    public static MarkdownAndText of(PageTree tree, int[] roots, boolean[] leftOut, boolean[] leftOutOfText,
                                     String baseUri) {
        return of(tree, roots, leftOut, leftOutOfText, baseUri, null);
    }

    /** The same, with the {@link ClassHints} of the tree's nodes (null: none). */
    static MarkdownAndText of(PageTree tree, int[] roots, boolean[] leftOut, boolean[] leftOutOfText, String baseUri,
                              byte[] classHints) {
        Written both = written(tree, roots, leftOut, leftOutOfText, baseUri, classHints, null);
        return new MarkdownAndText(both.markdown().toString(), both.text().toString());
    }

    /** The two as their walks wrote them, Strings made only when asked for: what {@link PageContents} keeps. */
    record Written(PageText markdown, PageText text) {}

    /**
     * The same walk as {@link #of(PageTree, int[], boolean[], boolean[], String, byte[])}, its results as written;
     * it also counts the content's {@link KindSignals} in {@code kind} (null: not), made for the same tree and
     * {@code leftOut}.
     */
    static Written written(PageTree tree, int[] roots, boolean[] leftOut, boolean[] leftOutOfText, String baseUri,
                           byte[] classHints, KindSignals.Count kind) {
        MarkdownWalk markdown = new MarkdownWalk(tree, roots, leftOut, baseUri, classHints);
        PlainText.Walk text = new PlainText.Walk(tree, roots, leftOut, leftOutOfText);
        ContentWalk.walkTogether(markdown, text, kind);
        return new Written(markdown.written(), text.written());
    }
}
