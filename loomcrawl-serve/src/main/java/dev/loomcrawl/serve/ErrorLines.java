package dev.loomcrawl.serve;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loomcrawl.reason.SkipReason;
import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.result.FinishedUrl;

import java.util.UUID;

/**
 * A finished URL that makes no document because it failed (the network, the address guard, a redirect loop) or
 * robots.txt kept it out, as a line of the job's errors: Firecrawl's {@code {id, timestamp, url, code, error}}, or
 * a URL robots.txt disallowed ({@code robotsBlocked}).
 */
final class ErrorLines {
    private ErrorLines() {}

    /** The line, or null when the URL is no error (a document, a redirect followed). */
    static byte[] of(FinishedUrl f) {
        CrawlRecord r = f.record();
        ObjectNode o = Json.MAPPER.createObjectNode();
        if (r.skipReason() == SkipReason.ROBOTS) {
            o.put("robotsBlocked", r.url().toString());
            return Json.bytes(o);
        }
        if (r.errorKind() == null && r.skipReason() == null) return null;
        o.put("id", UUID.randomUUID().toString());
        o.put("timestamp", r.startedAt() == null ? null : r.startedAt().toString());
        o.put("url", r.url().toString());
        o.put("code", r.errorKind() != null ? r.errorKind().label() : r.skipReason().label());
        o.put("error", r.error() != null ? r.error() : r.errorKind() != null ? r.errorKind().label()
                : r.skipReason().label());
        return Json.bytes(o);
    }
}
