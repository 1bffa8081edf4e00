package dev.loomcrawl.result;

import java.util.Locale;

/**
 * What kind of page a page is, for what its content is good for ({@link PageContent#kind()}): a page of prose or
 * reference to retrieve from, or one that is not content at all (an index of links, an error, a wall in front of the
 * page). Decided from the page's status, its main content and what it says of itself (the content package's
 * {@code PageKinds}, docs/content.md has the rules). The chunks output leaves out the kinds that are not content
 * ({@link #content()}) unless asked for every kind.
 */
public enum PageKind {
    /** Prose: a post, a news story, a page of a site; what a page is when nothing says otherwise. */
    ARTICLE,
    /** Reference or manual text a documentation generator made (Sphinx, javadoc, rustdoc, DocBook...). */
    DOCUMENTATION,
    /** An index or a table of contents: the main content is mostly the text of links. */
    NAVIGATION,
    /** A list of other pages' teasers (a blog's front page, a category, search results). */
    LISTING,
    /** An error page: a 4xx or 5xx status, or a 200 page that says it was not found (a soft 404). */
    ERROR,
    /** A wall in front of the page: a challenge ("checking your browser"), "access denied", a consent wall. */
    BLOCKED,
    /** No main text to speak of. */
    EMPTY;

    /** The name outputs use: {@code article}, {@code documentation}, {@code navigation}... */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The kind of that label ({@link #label()}). */
    public static PageKind ofLabel(String label) {
        return valueOf(label.toUpperCase(Locale.ROOT));
    }

    /**
     * Whether a page of this kind is content to retrieve from: an article, documentation or a listing; not
     * navigation, an error, a wall or an empty page, which the chunks output leaves out by default.
     */
    public boolean content() {
        return this == ARTICLE || this == DOCUMENTATION || this == LISTING;
    }
}
