package dev.loomcrawl.extract;

/**
 * Thrown when a page uses a construct whose links depend on parts of jsoup's tree builder that the streaming
 * extractor does not reproduce (foster parenting, misnested formatting with a block inside, templates,
 * framesets...): the caller then extracts that page with jsoup, so the result is still exactly jsoup's.
 */
final class Unsupported extends RuntimeException {
    Unsupported(String reason) {
        super(reason, null, false, false);
    }
}
