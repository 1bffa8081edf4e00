package dev.loomcrawl.output;

import dev.loomcrawl.FoundLink;
import dev.loomcrawl.url.WebUrl;

import java.util.List;

/** The fields of the link graph output, one row per link found: the page, the target and where it was. */
final class LinkColumns {
    private LinkColumns() {}

    /** One edge of the link graph: a link found on a page. */
    record Edge(WebUrl from, FoundLink found) {}

    static final List<Column<Edge>> ALL = List.of(
            new Column<>("from", e -> e.from().toString()),
            new Column<>("to", e -> e.found().link().target().toString()),
            new Column<>("element", e -> e.found().link().element()),
            new Column<>("attribute", e -> e.found().link().attribute()),
            new Column<>("text", e -> e.found().link().text()),
            new Column<>("rel", e -> e.found().link().rel()),
            new Column<>("in_scope", e -> e.found().inScope()));
}
