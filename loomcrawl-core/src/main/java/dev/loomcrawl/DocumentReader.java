package dev.loomcrawl;

import dev.loomcrawl.content.Conversion;
import dev.loomcrawl.content.DocumentConverter;
import dev.loomcrawl.fetch.ContentType;
import dev.loomcrawl.fetch.FetchResult;
import dev.loomcrawl.frontier.Visit;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.function.BooleanSupplier;

/**
 * Documents that are not HTML (a PDF, JSON), read into content by the converter of their type
 * ({@link DocumentConverter#installed()}) when an output reads content; a crawl that reads none leaves them as they
 * are. At most one worker per processor converts at a time (CPU work, as {@link HtmlReader}'s reading), each for at
 * most {@link #MAX_TIME}; a converter that throws makes an unreadable document, never a failed crawl.
 */
final class DocumentReader {
    /** How long one document may be read: a converter stops there and keeps the text it made. */
    static final Duration MAX_TIME = Duration.ofSeconds(30);

    private final List<DocumentConverter> converters;
    private final BooleanSupplier contentNeeded;
    private final Semaphore reading = new Semaphore(Runtime.getRuntime().availableProcessors());

    DocumentReader(List<DocumentConverter> converters, BooleanSupplier contentNeeded) {
        this.converters = List.copyOf(converters);
        this.contentNeeded = contentNeeded;
    }

    /** The converter of the response's type, when the crawl reads content and one converts it; else null. */
    DocumentConverter converterOf(ContentType type) {
        if (converters.isEmpty() || !contentNeeded.getAsBoolean()) return null;
        for (DocumentConverter c : converters) {
            if (c.converts(type.mediaType())) return c;
        }
        return null;
    }

    /** The response's body as content, by {@code converter}. */
    Conversion read(DocumentConverter converter, Visit visit, FetchResult.Response response) {
        ContentType type = response.contentType();
        reading.acquireUninterruptibly();
        try {
            return converter.convert(response.body(), type.charset(), visit.url().toString(),
                    Instant.now().plus(MAX_TIME));
        } catch (RuntimeException | StackOverflowError e) { // the document is recorded, whatever its bytes do
            String kind = type.mediaType().substring(type.mediaType().indexOf('/') + 1);
            return new Conversion.Unreadable(kind, Conversion.Problem.MALFORMED, e.toString());
        } finally {
            reading.release();
        }
    }
}
