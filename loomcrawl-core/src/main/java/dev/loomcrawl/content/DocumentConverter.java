package dev.loomcrawl.content;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/**
 * Makes content of a document that is not HTML: its text and Markdown, facts and pages ({@link Conversion}). The
 * crawl hands a 200 response of a type a converter {@link #converts} to it when an output reads content (the
 * {@code --content}, {@code --content-dir} and {@code --chunks} outputs, serve's documents, MCP's scrape); a crawl
 * that reads no content never calls one. JSON is converted by the core ({@link JsonDocument}); PDFs by module
 * {@code loomcrawl-pdf}, found on the class path by {@link #installed()} (decision 40), so that a crawl without it
 * does not carry a PDF library.
 *
 * <p>A converter bounds its own work: the body is at most {@code --max-body} bytes already; it reads no further than
 * {@code deadline}, and keeps its text within a bound of its own, saying in {@link Conversion.Text#note()} what it
 * left out. A body it cannot read (malformed, encrypted) is a {@link Conversion.Unreadable}, never an exception.
 * Safe for use by several threads.
 */
public interface DocumentConverter {
    /** Whether it converts a body of this media type ({@code application/pdf}), lower case, without parameters. */
    boolean converts(String mediaType);

    /**
     * The document {@code body}, fetched from {@code url} (its links resolve against it), declared in {@code charset}
     * (null when the response named none), read until {@code deadline} at the latest.
     */
    Conversion convert(byte[] body, String charset, String url, Instant deadline);

    /**
     * The converters a crawl uses: the core's (JSON), then those on the class path or module path that provide this
     * service ({@code loomcrawl-pdf}).
     */
    static List<DocumentConverter> installed() {
        List<DocumentConverter> all = new ArrayList<>();
        all.add(new JsonDocument());
        ServiceLoader.load(DocumentConverter.class, DocumentConverter.class.getClassLoader()).forEach(all::add);
        return List.copyOf(all);
    }
}
