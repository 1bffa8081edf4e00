package dev.loomcrawl.report;

import dev.loomcrawl.CrawlRecord;

import java.util.ArrayList;
import java.util.List;

/**
 * A record's fields by name, in one fixed order, for the line-per-record formats (JSON Lines, CSV). Names are
 * the seed's snake_case; values are strings, numbers, booleans or null.
 */
final class RecordFields {
    static final List<String> NAMES = List.of("url", "next_url", "status", "error_kind", "error", "size",
            "content_type", "encoding", "num_urls", "num_new_urls", "depth", "referrer", "started_at", "duration_ms",
            "truncated", "attempts", "skip_reason");

    private RecordFields() {}

    static List<Object> values(CrawlRecord r) {
        List<Object> v = new ArrayList<>(NAMES.size());
        v.add(r.url().toString());
        v.add(r.nextUrl());
        v.add(r.status());
        v.add(r.errorKind() == null ? null : r.errorKind().label());
        v.add(r.error());
        v.add(r.size());
        v.add(r.contentType());
        v.add(r.encoding());
        v.add(r.numUrls());
        v.add(r.numNewUrls());
        v.add(r.depth());
        v.add(r.referrer() == null ? null : r.referrer().toString());
        v.add(r.startedAt().toString());
        v.add(r.duration().toNanos() / 1e6);
        v.add(r.truncated());
        v.add(r.attempts());
        v.add(r.skipReason());
        return v;
    }
}
