package dev.loomcrawl.output.lines;

import dev.loomcrawl.result.FoundLink;
import dev.loomcrawl.url.WebUrl;

import java.util.List;

/**
 * The fields of the link graph output, one row per link found: the page, the target and where it was, and
 * whether the crawl followed it (and if not, why: {@link FoundLink#notFollowed()}). A link that cannot be
 * fetched ({@code mailto:}, {@code javascript:}...) has its reference as written in {@code to}. A sitemap's
 * entries carry their {@code lastmod} and {@code priority}; an {@code <a>}, {@code <area>} or {@code <link>}
 * its {@code hreflang} (a translation's language).
 */
final class LinkColumns {
    private LinkColumns() {}

    /** One edge of the link graph: a link found on a page. */
    record Edge(WebUrl from, FoundLink found) {}

    static final List<Column<Edge>> ALL = List.of(
            new Column<>("from", e -> e.from().toString()),
            new Column<>("to", e -> e.found().link().to()),
            new Column<>("element", e -> e.found().link().element()),
            new Column<>("attribute", e -> e.found().link().attribute()),
            new Column<>("text", e -> e.found().link().text()),
            new Column<>("rel", e -> e.found().link().rel()),
            new Column<>("in_scope", e -> e.found().inScope()),
            new Column<>("followed", e -> e.found().followed()),
            new Column<>("not_followed", e -> e.found().followed() ? null : e.found().notFollowed().label()),
            new Column<>("lastmod", e -> e.found().link().lastmod()),
            new Column<>("priority", e -> e.found().link().priority()),
            new Column<>("hreflang", e -> e.found().link().hreflang()));
}
