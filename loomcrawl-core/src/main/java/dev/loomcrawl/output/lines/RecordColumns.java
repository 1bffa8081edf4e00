package dev.loomcrawl.output.lines;

import dev.loomcrawl.result.CrawlRecord;

import java.util.List;

/**
 * The fields of the records output, in order: the schema of its JSON Lines and CSV forms (docs/outputs.md
 * describes each). A field that does not apply is null: no status without an HTTP response, no redirect
 * target unless redirected, and so on.
 */
final class RecordColumns {

    private RecordColumns() {}

    static final List<Column<CrawlRecord>> ALL = List.of(
            new Column<>("url", r -> r.url().toString()),
            new Column<>("status", CrawlRecord::status),
            new Column<>("redirect", CrawlRecord::nextUrl),
            new Column<>("content_type", r -> emptyToNull(r.contentType())),
            new Column<>("charset", r -> r.answered() ? emptyToNull(r.encoding()) : null),
            new Column<>("size", r -> r.answered() ? r.size() : null),
            new Column<>("depth", CrawlRecord::depth),
            new Column<>("referrer", r -> r.referrer() == null ? null : r.referrer().toString()),
            new Column<>("started", r -> IsoMillis.format(r.startedAt())),
            new Column<>("duration_ms", r -> Math.round(r.duration().toNanos() / 1e3) / 1e3),
            new Column<>("error_kind", r -> r.errorKind() == null ? null : r.errorKind().label()),
            new Column<>("error", CrawlRecord::error),
            new Column<>("links", CrawlRecord::numUrls),
            new Column<>("new_links", CrawlRecord::numNewUrls),
            new Column<>("skip_reason", r -> r.skipped() ? r.skipReason().label() : null),
            new Column<>("truncated", CrawlRecord::truncated),
            new Column<>("attempts", CrawlRecord::attempts),
            new Column<>("robots", CrawlRecord::robots),
            new Column<>("change", r -> r.change() == null ? null : r.change().label()),
            new Column<>("rendered", CrawlRecord::rendered),
            new Column<>("render_reason", CrawlRecord::renderReason),
            new Column<>("title", r -> r.facts() == null ? null : r.facts().title()),
            new Column<>("description", r -> r.facts() == null ? null : r.facts().description()),
            new Column<>("lang", r -> r.facts() == null ? null : r.facts().lang()),
            new Column<>("canonical", r -> r.facts() == null ? null : r.facts().canonical()),
            new Column<>("h1", r -> r.facts() == null ? null : r.facts().h1()),
            new Column<>("published", r -> r.facts() == null ? null : r.facts().published()),
            new Column<>("modified", r -> r.facts() == null ? null : r.facts().modified()),
            new Column<>("author", r -> r.facts() == null ? null : r.facts().author()));

    private static String emptyToNull(String s) {
        return s == null || s.isEmpty() ? null : s;
    }
}
