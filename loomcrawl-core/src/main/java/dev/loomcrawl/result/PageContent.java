package dev.loomcrawl.result;

import dev.loomcrawl.extract.PageFacts;

import java.util.Objects;

/**
 * What a page says, for people, search indexes and language models: its facts and its main content (navigation,
 * headers, footers, sidebars, banners and comments left out), as plain text and as Markdown; or what a document that
 * is not HTML says (a PDF, with its {@link #pages()}; JSON), as a {@code content.DocumentConverter} read it. The text
 * and the Markdown are kept as the conversion wrote them ({@link PageText}) and made into Strings when first asked
 * for. Its {@link #kind()} says what the page is (an article, navigation, an error...). Equal when the facts, text,
 * Markdown, {@code main}, kind and pages are.
 */
public final class PageContent {
    private final PageFacts facts;
    private final PageText text;
    private final PageText markdown;
    private final boolean main;
    private final PageKind kind;
    private final int pages;

    /**
     * @param facts    what the page says about itself (title, description, language...)
     * @param text     the main content as plain text, blocks separated by a blank line
     * @param markdown the same main content as CommonMark with GitHub tables, links and images absolute
     * @param main     whether a main content was found; false when the page's whole body was used instead
     * @param kind     what kind of page it is
     */
    public PageContent(PageFacts facts, String text, String markdown, boolean main, PageKind kind) {
        this(facts, PageText.of(text), PageText.of(markdown), main, kind);
    }

    /** An {@link PageKind#ARTICLE}'s content: what a page is when nothing says otherwise. */
    public PageContent(PageFacts facts, String text, String markdown, boolean main) {
        this(facts, text, markdown, main, PageKind.ARTICLE);
    }

    /** The same, with the text and the Markdown as the conversion wrote them. */
    public PageContent(PageFacts facts, PageText text, PageText markdown, boolean main, PageKind kind) {
        this(facts, text, markdown, main, kind, 0);
    }

    /**
     * A paged document's content (a PDF): {@code pages} is how many pages the document has, which {@link #pages()}
     * says; 0 for a page of the web.
     */
    public PageContent(PageFacts facts, PageText text, PageText markdown, boolean main, PageKind kind, int pages) {
        if (pages < 0) throw new IllegalArgumentException("pages < 0: " + pages);
        this.facts = Objects.requireNonNull(facts);
        this.text = Objects.requireNonNull(text);
        this.markdown = Objects.requireNonNull(markdown);
        this.main = main;
        this.kind = Objects.requireNonNull(kind);
        this.pages = pages;
    }

    /** What the page says about itself (title, description, language...). */
    public PageFacts facts() {
        return facts;
    }

    /** The main content as plain text, blocks separated by a blank line. */
    public String text() {
        return text.toString();
    }

    /** The main content as CommonMark with GitHub tables, links and images absolute. */
    public String markdown() {
        return markdown.toString();
    }

    /** {@link #text()} as the conversion wrote it, for an output that encodes it without a String. */
    public PageText textAsWritten() {
        return text;
    }

    /** {@link #markdown()} as the conversion wrote it. */
    public PageText markdownAsWritten() {
        return markdown;
    }

    /** Whether a main content was found; false when the page's whole body was used instead. */
    public boolean main() {
        return main;
    }

    /**
     * What kind of page it is: an article, documentation, navigation, a listing, an error, a wall in front of the
     * page, or empty ({@link PageKind}).
     */
    public PageKind kind() {
        return kind;
    }

    /** How many pages the document has, when it is a paged one (a PDF: Firecrawl's {@code numPages}); else 0. */
    public int pages() {
        return pages;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PageContent c && main == c.main && kind == c.kind && pages == c.pages
                && facts.equals(c.facts)
                && text().equals(c.text()) && markdown().equals(c.markdown());
    }

    @Override
    public int hashCode() {
        return Objects.hash(facts, text(), markdown(), main, kind, pages);
    }

    @Override
    public String toString() {
        return "PageContent[facts=" + facts + ", text=" + text() + ", markdown=" + markdown() + ", main=" + main
                + ", kind=" + kind.label() + (pages > 0 ? ", pages=" + pages : "") + "]";
    }
}
