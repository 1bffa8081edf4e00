package dev.loomcrawl.config;

import dev.loomcrawl.output.lines.LineFormat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static dev.loomcrawl.config.CrawlSettings.bool;
import static dev.loomcrawl.config.CrawlSettings.choice;
import static dev.loomcrawl.config.CrawlSettings.manyOfJob;
import static dev.loomcrawl.config.CrawlSettings.ofJob;
import static dev.loomcrawl.config.SettingGroup.OUTPUTS;
import static dev.loomcrawl.config.SettingGroup.RENDER;
import static dev.loomcrawl.config.SettingGroup.SCRAPE;
import static dev.loomcrawl.config.SettingGroup.STATE;
import static dev.loomcrawl.config.SettingKind.COUNT;
import static dev.loomcrawl.config.SettingKind.DURATION;
import static dev.loomcrawl.config.SettingKind.FLAG;
import static dev.loomcrawl.config.SettingKind.REGEX;
import static dev.loomcrawl.config.SettingKind.SIZE;
import static dev.loomcrawl.config.SettingKind.TEXT;

/**
 * The rows of {@link CrawlSettings} that a crawl job holds beside its configuration: its outputs, scraping,
 * rendering and state ({@link CrawlJob}). A file's setting is a path; {@code -} is standard output where it says so.
 */
final class JobRows {
    private JobRows() {}

    static final List<SettingSpec> ROWS = List.of(
            ofJob(OUTPUTS, "output", TEXT, "A record per finished URL, in the format the file's extension names "
                    + "(jsonl, ndjson, csv, txt); '-': standard output.", j -> j.outputs().records(),
                    (t, v) -> t.outputs.records(v)),
            choice(OUTPUTS, "format", "The format of output (default: by its extension; jsonl for '-').",
                    LineFormat.class, j -> j.outputs().format(), (t, v) -> t.outputs.format(v)),
            ofJob(OUTPUTS, "links", TEXT, "Every link found, as JSON Lines or CSV by the file's extension; '-': "
                    + "standard output.", j -> j.outputs().links(), (t, v) -> t.outputs.links(v)),
            ofJob(OUTPUTS, "warc", TEXT, "Archive every response in WARC files named PATH-00000.warc.gz and so on "
                    + "(in PATH when it is a directory).", j -> j.outputs().warc(),
                    (t, v) -> t.outputs.warc(Path.of(v))),
            ofJob(OUTPUTS, "warc-max-size", SIZE, "Start a new WARC file rather than grow one past this.",
                    j -> j.outputs().warcMaxSize(), (t, v) -> t.outputs.warcMaxSize(Long.parseLong(v))),
            ofJob(OUTPUTS, "wacz", TEXT, "Package the WARC files into this WACZ file when the crawl ends.",
                    j -> j.outputs().wacz(), (t, v) -> t.outputs.wacz(Path.of(v))),
            ofJob(OUTPUTS, "html-report", TEXT, "A self-contained HTML report, written when the crawl ends.",
                    j -> j.outputs().htmlReport(), (t, v) -> t.outputs.htmlReport(Path.of(v))),
            ofJob(OUTPUTS, "items", TEXT, "The items scraped by item and field, as JSON Lines or CSV by the file's "
                    + "extension; '-': standard output.", j -> j.outputs().items(), (t, v) -> t.outputs.items(v)),
            ofJob(OUTPUTS, "content", TEXT, "What each HTML page says (metadata, main content as text and Markdown), "
                    + "as JSON Lines; '-': standard output.", j -> j.outputs().content(),
                    (t, v) -> t.outputs.content(v)),
            ofJob(OUTPUTS, "content-dir", TEXT, "Each HTML page's main content as a Markdown file under this "
                    + "directory (DIR/host/path.md).", j -> j.outputs().contentDir(),
                    (t, v) -> t.outputs.contentDir(Path.of(v))),
            ofJob(OUTPUTS, "chunks", TEXT, "Each HTML page's Markdown cut into chunks for retrieval, as JSON Lines; "
                    + "'-': standard output.", j -> j.outputs().chunks(), (t, v) -> t.outputs.chunks(v)),
            ofJob(OUTPUTS, "chunk-size", COUNT, "The longest chunk, in characters.", j -> j.outputs().chunkSize(),
                    (t, v) -> t.outputs.chunkSize(Integer.parseInt(v))),
            ofJob(OUTPUTS, "chunk-all-kinds", FLAG, "Chunk pages of every kind, navigation and error pages too.",
                    j -> j.outputs().chunkAllKinds(), (t, v) -> t.outputs.chunkAllKinds(bool(v))),
            ofJob(SCRAPE, "item", TEXT, "Elements that become items, one item per match (default: one item per "
                    + "page); CSS, or 'xpath:EXPR'.", j -> j.scrape().item(), (t, v) -> t.item = v),
            manyOfJob(SCRAPE, "field", TEXT, "NAME=SELECTOR: a field of each item, selected within it (its text, or "
                    + "an attribute with a trailing @name).", j -> j.scrape().fields(), (t, v) -> t.fields.add(v)),
            ofJob(SCRAPE, "follow", TEXT, "Follow only the links on (or inside) the elements this selects.",
                    j -> j.scrape().follow(), (t, v) -> t.follow = v),
            choice(RENDER, "render", "Render pages in headless Chromium: all HTML pages, or (auto) those whose HTML "
                    + "shows they need it.", RenderChoice.Mode.class, j -> j.render().mode(),
                    (t, v) -> t.renderMode = v),
            ofJob(RENDER, "render-include", REGEX, "Render only the HTML pages whose URL this is found in.",
                    j -> j.render().include(), (t, v) -> t.renderInclude = v),
            ofJob(RENDER, "render-timeout", DURATION, "Longest wait for a page's load and network idle, and after "
                    + "each scroll (null: 15s).", j -> j.render().timeout(),
                    (t, v) -> t.renderTimeout = Duration.parse(v)),
            ofJob(RENDER, "render-scroll", COUNT, "Times each rendered page is scrolled to its bottom (null: 0).",
                    j -> j.render().scrolls(), (t, v) -> t.renderScrolls = Integer.parseInt(v)),
            ofJob(RENDER, "render-tasks", COUNT, "Pages rendered at once (null: 2).", j -> j.render().tasks(),
                    (t, v) -> t.renderTasks = Integer.parseInt(v)),
            ofJob(RENDER, "render-resources", FLAG, "Let rendered pages load images, media and fonts.",
                    j -> j.render().resources(), (t, v) -> t.renderResources = bool(v)),
            ofJob(STATE, "state", TEXT, "Keep the crawl's state in this new file (SQLite), which 'loomcrawl resume' "
                    + "continues.", j -> j.state().file(), (t, v) -> t.stateFile = Path.of(v)),
            ofJob(STATE, "state-links", FLAG, "With state: also keep every link of every page.",
                    j -> j.state().links(), (t, v) -> t.stateLinks = bool(v)),
            ofJob(STATE, "spill-dir", TEXT, "Without state: where the queue and the report's records go once they "
                    + "outgrow memory.", j -> j.state().spillDir(), (t, v) -> t.spillDir = Path.of(v)),
            ofJob(STATE, "frontier", TEXT, "Share the crawl through Redis at this URI with every process given the "
                    + "same crawl-id.", j -> j.state().frontier(), (t, v) -> t.frontier = v),
            ofJob(STATE, "crawl-id", TEXT, "With frontier: the shared crawl's name.", j -> j.state().crawlId(),
                    (t, v) -> t.crawlId = v),
            ofJob(STATE, "lease-time", DURATION, "With frontier: how soon the URLs in flight in a process that died "
                    + "go back to the queue.", j -> j.state().leaseTime(), (t, v) -> t.leaseTime = Duration.parse(v)),
            ofJob(STATE, "redis-outage", DURATION, "With frontier: how long to wait out Redis being unreachable.",
                    j -> j.state().redisOutage(), (t, v) -> t.redisOutage = Duration.parse(v)));
}
