package dev.loomcrawl.result;

import dev.loomcrawl.reason.SkipReason;
import dev.loomcrawl.extract.PageFacts;
import dev.loomcrawl.fetch.ErrorKind;
import dev.loomcrawl.url.WebUrl;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * One finished URL: the seed's FetchStatistic fields, plus depth, referrer, timing, the error's kind and
 * whether the body was truncated. Made with {@link #builder}, which names each component and leaves the rest at
 * what a URL without a response has; a new component is added here, to the {@link Builder} and where it is set.
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
 * @param skipReason  why the URL was not fetched (robots.txt), null when it was
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
 * @param robotsCause  when the URL was not fetched because its origin's robots.txt could not be (refused, no such
 *                     host, a timeout...): that fetch's failure as the fetcher said it, which {@code error} gives
 *                     after naming the robots.txt; null otherwise. Where the failure was met is thus a field, not a
 *                     wording to recognise ({@code RootOutcomes} says "check the spelling" or "try later" by it)
 */
public record CrawlRecord(WebUrl url, String nextUrl, Integer status, ErrorKind errorKind, String error, long size,
                          String contentType, String encoding, int numUrls, int numNewUrls, int depth,
                          WebUrl referrer, Instant startedAt, Duration duration, boolean truncated, int attempts,
                          SkipReason skipReason, String robots, Change change, boolean rendered, PageFacts facts,
                          String renderReason, String robotsCause) {

    /** The longest note {@link #withNote} keeps, "…" included. */
    static final int MAX_NOTE = 300;

    public CrawlRecord {
        if (status != null && status == 0) status = null;
    }

    /**
     * A record of {@code url} to fill in: every component not set is what a URL without a response has (no
     * status, no error, size 0, content type and encoding "", no links, depth 0, no referrer, duration 0, no
     * attempt...); the start time must be set.
     */
    public static Builder builder(WebUrl url) {
        return new Builder(url);
    }

    /** A builder holding this record's components, to make a record that differs in a few. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** A URL that was not fetched, and why. */
    public static CrawlRecord skipped(WebUrl url, int depth, WebUrl referrer, SkipReason reason) {
        return skipped(url, depth, referrer, reason, null);
    }

    /** A URL that was not fetched, why (a reason to count by), and a line saying so ({@code error}; may be null). */
    public static CrawlRecord skipped(WebUrl url, int depth, WebUrl referrer, SkipReason reason,
                                      String detail) {
        return builder(url).error(detail).depth(depth).referrer(referrer).startedAt(Instant.now()).skipReason(reason)
                .build();
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
        return toBuilder().errorKind(kind).error(message).build();
    }

    /** The same record with the page's robots directives (a label such as "noindex,noarchive", or null). */
    public CrawlRecord withRobots(String directives) {
        return toBuilder().robots(directives).build();
    }

    /** The same record with how it compares with the URL's capture in an earlier pass (null: a first capture). */
    public CrawlRecord withChange(Change c) {
        return toBuilder().change(c).build();
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
        return toBuilder().error(error == null ? note : error + "; " + note).build();
    }

    /**
     * The same record with another content type and charset: a 304's, which sends none, says those of the capture
     * it validated.
     */
    public CrawlRecord withContentType(String type, String charset) {
        return toBuilder().contentType(type).encoding(charset).build();
    }

    /** The same record with what the page says about itself (null: not an HTML page that was read). */
    public CrawlRecord withFacts(PageFacts pageFacts) {
        return toBuilder().facts(pageFacts).build();
    }

    /**
     * The same record saying whether the page was rendered in a browser and why (see {@link #renderReason}); a
     * null reason for a crawl that renders nothing.
     */
    public CrawlRecord withRendering(boolean wasRendered, String reason) {
        return toBuilder().rendered(wasRendered).renderReason(reason).build();
    }

    /**
     * A {@link CrawlRecord} being made: one setter per component, named as the component, each taking the value
     * as the record keeps it (a status of 0 is taken as none, as by the record).
     */
    public static final class Builder {
        private final WebUrl url;
        private String nextUrl;
        private Integer status;
        private ErrorKind errorKind;
        private String error;
        private long size;
        private String contentType = "";
        private String encoding = "";
        private int numUrls;
        private int numNewUrls;
        private int depth;
        private WebUrl referrer;
        private Instant startedAt;
        private Duration duration = Duration.ZERO;
        private boolean truncated;
        private int attempts;
        private SkipReason skipReason;
        private String robots;
        private Change change;
        private boolean rendered;
        private PageFacts facts;
        private String renderReason;
        private String robotsCause;

        private Builder(WebUrl url) {
            this.url = Objects.requireNonNull(url, "url");
        }

        private Builder(CrawlRecord r) {
            url = r.url;
            nextUrl = r.nextUrl;
            status = r.status;
            errorKind = r.errorKind;
            error = r.error;
            size = r.size;
            contentType = r.contentType;
            encoding = r.encoding;
            numUrls = r.numUrls;
            numNewUrls = r.numNewUrls;
            depth = r.depth;
            referrer = r.referrer;
            startedAt = r.startedAt;
            duration = r.duration;
            truncated = r.truncated;
            attempts = r.attempts;
            skipReason = r.skipReason;
            robots = r.robots;
            change = r.change;
            rendered = r.rendered;
            facts = r.facts;
            renderReason = r.renderReason;
            robotsCause = r.robotsCause;
        }

        public Builder nextUrl(String v) {
            nextUrl = v;
            return this;
        }

        public Builder status(Integer v) {
            status = v;
            return this;
        }

        public Builder errorKind(ErrorKind v) {
            errorKind = v;
            return this;
        }

        public Builder error(String v) {
            error = v;
            return this;
        }

        public Builder size(long v) {
            size = v;
            return this;
        }

        public Builder contentType(String v) {
            contentType = v;
            return this;
        }

        public Builder encoding(String v) {
            encoding = v;
            return this;
        }

        public Builder numUrls(int v) {
            numUrls = v;
            return this;
        }

        public Builder numNewUrls(int v) {
            numNewUrls = v;
            return this;
        }

        public Builder depth(int v) {
            depth = v;
            return this;
        }

        public Builder referrer(WebUrl v) {
            referrer = v;
            return this;
        }

        public Builder startedAt(Instant v) {
            startedAt = v;
            return this;
        }

        public Builder duration(Duration v) {
            duration = v;
            return this;
        }

        public Builder truncated(boolean v) {
            truncated = v;
            return this;
        }

        public Builder attempts(int v) {
            attempts = v;
            return this;
        }

        public Builder skipReason(SkipReason v) {
            skipReason = v;
            return this;
        }

        public Builder robots(String v) {
            robots = v;
            return this;
        }

        public Builder change(Change v) {
            change = v;
            return this;
        }

        public Builder rendered(boolean v) {
            rendered = v;
            return this;
        }

        public Builder facts(PageFacts v) {
            facts = v;
            return this;
        }

        public Builder renderReason(String v) {
            renderReason = v;
            return this;
        }

        /** The record; the start time must have been set (every output writes it). */
        public Builder robotsCause(String v) {
            robotsCause = v;
            return this;
        }

        public CrawlRecord build() {
            Objects.requireNonNull(startedAt, "startedAt");
            return new CrawlRecord(url, nextUrl, status, errorKind, error, size, contentType, encoding, numUrls,
                    numNewUrls, depth, referrer, startedAt, duration, truncated, attempts, skipReason, robots, change,
                    rendered, facts, renderReason, robotsCause);
        }
    }
}
