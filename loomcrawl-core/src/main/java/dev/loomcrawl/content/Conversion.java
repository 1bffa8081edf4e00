package dev.loomcrawl.content;

import dev.loomcrawl.result.PageContent;

import java.util.Locale;

/** What a {@link DocumentConverter} made of a document: its content, or why it has none. */
public sealed interface Conversion {
    /**
     * The document's content. A document without text (a scanned PDF: pages of images) is one too, of kind
     * {@code empty}, its note saying so: it was read, not failed.
     *
     * @param content what it says: text, Markdown, facts, pages
     * @param note    what the record should say of it (its text cut at a bound, no text on its pages), or null
     */
    record Text(PageContent content, String note) implements Conversion {}

    /**
     * A document that could not be read: the record says so ({@link #note()}) and it has no content.
     *
     * @param kind    what the document is, as a note names it ({@code pdf})
     * @param problem why
     * @param detail  the reader's one line on it (a parser's message), or null
     */
    record Unreadable(String kind, Problem problem, String detail) implements Conversion {
        /** What the record says: "pdf encrypted, no text", "pdf malformed (...), no text". */
        public String note() {
            return kind + " " + problem.label() + (detail == null || detail.isBlank() ? "" : " (" + detail + ")")
                    + ", no text";
        }
    }

    /** Why a document could not be read. */
    enum Problem {
        /** Not a well-formed document of its type (truncated, damaged). */
        MALFORMED,
        /** Encrypted with a password it was not given. */
        ENCRYPTED,
        /** Its reading took longer than the time it had, before any text. */
        TIMED_OUT;

        public String label() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }
}
