package dev.loomcrawl.result;

import dev.loomcrawl.extract.PageFacts;
import dev.loomcrawl.fetch.ErrorKind;
import dev.loomcrawl.url.WebUrl;

import java.time.Duration;
import java.time.Instant;

/**
 * One finished URL: the seed's FetchStatistic fields, plus depth, referrer, timing, the error's kind and
 * whether the body was truncated.
 *
 * @param nextUrl     a redirect's target, resolved against {@code url} (null when not a redirect)
 * @param status      the HTTP status; null when no response came (a failure, a skip). A 0 given here is taken as
 *                    null
 * @param errorKind   why the fetch failed (null when it did not)
 * @param error       the failure's detail; for a response, what was cut or went wrong reading it ("links cut...",
 *                    "extraction failed: ..."; see {@link #withNote}); null when none
 * @param size        body bytes after content decoding
 * @param contentType the media type, lower-cased ("" when the server sent none)
 * @param encoding    the charset the body was read with: the page's own for HTML, else the Content-Type
 *                    charset, else "utf-8" (as the seed reports)
 * @param numUrls     distinct links kept (in scope)
 * @param numNewUrls  of those, links not seen before
 * @param referrer    the page that linked here, or the URL that redirected here; null for a root
 * @param truncated   the body was cut at the body cap
 * @param attempts    fetch attempts made (more than 1 when retried); 0 when skipped, or when a link checker knew
 *                    its host or origin was dead
 * @param skipReason  why the URL was not fetched (robots.txt, a limit...), null when it was
 * @param robots      the page's robots directives that were obeyed or kept ("noindex,nofollow,noarchive" in that
 *                    order, as many as apply), from {@code <meta name="robots">} and {@code X-Robots-Tag}; null
 *                    when none
 * @param change      on a re-crawl, how the URL compares with its capture in an earlier pass; null for a first
 *                    capture, and when no response came
 * @param rendered    the page was loaded in a browser ({@code --render}): its links and items come from the DOM
 *                    its scripts built
 * @param facts       what an HTML page says about itself (title, description, language...), read with its links;
 *                    null for anything else (not HTML, not read, no response)
 * @param renderReason why the page was rendered or not, when the crawl renders pages: "--render",
 *                    "--render-include", {@code --render auto}'s reason ({@link dev.loomcrawl.render.AutoRender}), or
 *                    "rendering failed" (with auto's reason after it); null when the crawl renders nothing, for a
 *                    page {@code --render-include} passes over, and for a URL that was no HTML page read
 */
public record CrawlRecord(WebUrl url, String nextUrl, Integer status, ErrorKind errorKind, String error, long size,
                          String contentType, String encoding, int numUrls, int numNewUrls, int depth,
                          WebUrl referrer, Instant startedAt, Duration duration, boolean truncated, int attempts,
                          String skipReason, String robots, Change change, boolean rendered, PageFacts facts,
                          String renderReason) {

    /** The longest note {@link #withNote} keeps, "…" included. */
    static final int MAX_NOTE = 300;

    public CrawlRecord {
        if (status != null && status == 0) status = null;
    }

    public CrawlRecord(WebUrl url, String nextUrl, Integer status, ErrorKind errorKind, String error, long size,
                       String contentType, String encoding, int numUrls, int numNewUrls, int depth,
                       WebUrl referrer, Instant startedAt, Duration duration, boolean truncated, int attempts,
                       String skipReason, String robots, Change change, boolean rendered, PageFacts facts) {
        this(url, nextUrl, status, errorKind, error, size, contentType, encoding, numUrls, numNewUrls, depth,
                referrer, startedAt, duration, truncated, attempts, skipReason, robots, change, rendered, facts, null);
    }

    public CrawlRecord(WebUrl url, String nextUrl, Integer status, ErrorKind errorKind, String error, long size,
                       String contentType, String encoding, int numUrls, int numNewUrls, int depth,
                       WebUrl referrer, Instant startedAt, Duration duration, boolean truncated, int attempts,
                       String skipReason, String robots, Change change, boolean rendered) {
        this(url, nextUrl, status, errorKind, error, size, contentType, encoding, numUrls, numNewUrls, depth,
                referrer, startedAt, duration, truncated, attempts, skipReason, robots, change, rendered, null);
    }

    public CrawlRecord(WebUrl url, String nextUrl, Integer status, ErrorKind errorKind, String error, long size,
                       String contentType, String encoding, int numUrls, int numNewUrls, int depth,
                       WebUrl referrer, Instant startedAt, Duration duration, boolean truncated, int attempts,
                       String skipReason, String robots, Change change) {
        this(url, nextUrl, status, errorKind, error, size, contentType, encoding, numUrls, numNewUrls, depth,
                referrer, startedAt, duration, truncated, attempts, skipReason, robots, change, false);
    }

    public CrawlRecord(WebUrl url, String nextUrl, Integer status, ErrorKind errorKind, String error, long size,
                       String contentType, String encoding, int numUrls, int numNewUrls, int depth,
                       WebUrl referrer, Instant startedAt, Duration duration, boolean truncated, int attempts,
                       String skipReason) {
        this(url, nextUrl, status, errorKind, error, size, contentType, encoding, numUrls, numNewUrls, depth,
                referrer, startedAt, duration, truncated, attempts, skipReason, null, null);
    }

    public CrawlRecord(WebUrl url, String nextUrl, Integer status, ErrorKind errorKind, String error, long size,
                       String contentType, String encoding, int numUrls, int numNewUrls, int depth,
                       WebUrl referrer, Instant startedAt, Duration duration, boolean truncated, int attempts,
                       String skipReason, String robots) {
        this(url, nextUrl, status, errorKind, error, size, contentType, encoding, numUrls, numNewUrls, depth,
                referrer, startedAt, duration, truncated, attempts, skipReason, robots, null);
    }

    /** A URL that was not fetched, and why. */
    public static CrawlRecord skipped(WebUrl url, int depth, WebUrl referrer, String reason) {
        return skipped(url, depth, referrer, reason, null);
    }

    /** A URL that was not fetched, why (a reason to count by), and a line saying so ({@code error}; may be null). */
    public static CrawlRecord skipped(WebUrl url, int depth, WebUrl referrer, String reason, String detail) {
        return new CrawlRecord(url, null, null, null, detail, 0, "", "", 0, 0, depth, referrer, Instant.now(),
                Duration.ZERO, false, 0, reason);
    }

    public boolean failed() {
        return errorKind != null;
    }

    public boolean skipped() {
        return skipReason != null;
    }

    /** Whether an HTTP response came (then {@link #status()} is not null). */
    public boolean answered() {
        return status != null;
    }

    /** Whether the response's status is {@code min} or more: false when no response came. */
    public boolean statusAtLeast(int min) {
        return status != null && status >= min;
    }

    public boolean isRedirect() {
        return nextUrl != null;
    }

    /** The same record marked as failed: an HTTP response that did not lead anywhere (a redirect loop). */
    public CrawlRecord failedAs(ErrorKind kind, String message) {
        return new CrawlRecord(url, nextUrl, status, kind, message, size, contentType, encoding, numUrls,
                numNewUrls, depth, referrer, startedAt, duration, truncated, attempts, skipReason, robots, change,
                rendered, facts, renderReason);
    }

    /** The same record with the page's robots directives (a label such as "noindex,noarchive", or null). */
    public CrawlRecord withRobots(String directives) {
        return new CrawlRecord(url, nextUrl, status, errorKind, error, size, contentType, encoding, numUrls,
                numNewUrls, depth, referrer, startedAt, duration, truncated, attempts, skipReason, directives, change,
                rendered, facts, renderReason);
    }

    /** The same record with how it compares with the URL's capture in an earlier pass (null: a first capture). */
    public CrawlRecord withChange(Change c) {
        return new CrawlRecord(url, nextUrl, status, errorKind, error, size, contentType, encoding, numUrls,
                numNewUrls, depth, referrer, startedAt, duration, truncated, attempts, skipReason, robots, c, rendered,
                facts, renderReason);
    }

    /**
     * The same record with a note in {@link #error()} (what a parser's bound cut, an extraction that failed),
     * after the error it has, if any; the record itself is unchanged otherwise (not {@link #failed()}). A null
     * note changes nothing.
     */
    public CrawlRecord withNote(String note) {
        if (note == null) return this;
        // short and on one line: an exception's message may quote the page
        if (note.length() > MAX_NOTE) note = note.substring(0, MAX_NOTE - 1) + "…";
        note = note.replaceAll("\\s+", " ");
        String e = error == null ? note : error + "; " + note;
        return new CrawlRecord(url, nextUrl, status, errorKind, e, size, contentType, encoding, numUrls,
                numNewUrls, depth, referrer, startedAt, duration, truncated, attempts, skipReason, robots, change,
                rendered, facts, renderReason);
    }

    /**
     * The same record with another content type and charset: a 304's, which sends none, says those of the capture
     * it validated.
     */
    public CrawlRecord withContentType(String type, String charset) {
        return new CrawlRecord(url, nextUrl, status, errorKind, error, size, type, charset, numUrls, numNewUrls,
                depth, referrer, startedAt, duration, truncated, attempts, skipReason, robots, change, rendered, facts,
                renderReason);
    }

    /** The same record with what the page says about itself (null: not an HTML page that was read). */
    public CrawlRecord withFacts(PageFacts pageFacts) {
        return new CrawlRecord(url, nextUrl, status, errorKind, error, size, contentType, encoding, numUrls,
                numNewUrls, depth, referrer, startedAt, duration, truncated, attempts, skipReason, robots, change,
                rendered, pageFacts, renderReason);
    }

    /**
     * The same record saying whether the page was rendered in a browser and why (see {@link #renderReason}); a
     * null reason for a crawl that renders nothing.
     */
    public CrawlRecord withRendering(boolean wasRendered, String reason) {
        return new CrawlRecord(url, nextUrl, status, errorKind, error, size, contentType, encoding, numUrls,
                numNewUrls, depth, referrer, startedAt, duration, truncated, attempts, skipReason, robots, change,
                wasRendered, facts, reason);
    }
}
