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
            ofJob(OUTPUTS, "output", TEXT, "Write one record per finished URL to FILE as it finishes, in the format "
                    + "its extension names: jsonl or ndjson (JSON Lines), csv, txt (report lines). '-' writes to "
                    + "standard output (the report then goes to standard error).", j -> j.outputs().records(),
                    (t, v) -> t.outputs.records(v)).label("FILE"),
            choice(OUTPUTS, "format", "Format of --output: jsonl, csv or text.", LineFormat.class,
                    j -> j.outputs().format(), (t, v) -> t.outputs.format(v)).label("FORMAT")
                    .defaultNote("by extension; jsonl for '-'"),
            ofJob(OUTPUTS, "links", TEXT, "Write every link found (from, to, element, attribute, anchor text, rel, in "
                    + "scope) to FILE, as JSON Lines (extension jsonl or ndjson) or CSV (csv). '-' writes to standard "
                    + "output.", j -> j.outputs().links(), (t, v) -> t.outputs.links(v)).label("FILE"),
            ofJob(OUTPUTS, "warc", TEXT, "Archive every response in WARC 1.1 files named PATH-00000.warc.gz, "
                    + "PATH-00001.warc.gz and so on (PATH's folders are made if missing); when PATH is a directory, "
                    + "timestamped files go in it.", j -> j.outputs().warc(), (t, v) -> t.outputs.warc(Path.of(v)))
                    .label("PATH"),
            ofJob(OUTPUTS, "warc-max-size", SIZE, "Start a new WARC file rather than grow one past SIZE.",
                    j -> j.outputs().warcMaxSize(), (t, v) -> t.outputs.warcMaxSize(Long.parseLong(v))),
            ofJob(OUTPUTS, "wacz", TEXT, "When the crawl (or each run of it) ends, package the --warc files into "
                    + "FILE, a WACZ 1.1.1 that ReplayWeb.page opens: the WARC files, one CDXJ index, the pages, a "
                    + "manifest of hashes.", j -> j.outputs().wacz(), (t, v) -> t.outputs.wacz(Path.of(v)))
                    .label("FILE"),
            ofJob(OUTPUTS, "html-report", TEXT, "Write a self-contained HTML report to FILE when the crawl ends: "
                    + "charts, hosts, broken links.", j -> j.outputs().htmlReport(),
                    (t, v) -> t.outputs.htmlReport(Path.of(v))).label("FILE"),
            ofJob(OUTPUTS, "items", TEXT, "Write the items scraped by --item/--field to FILE, as JSON Lines "
                    + "(extension jsonl or ndjson) or CSV (csv). '-' writes to standard output.",
                    j -> j.outputs().items(), (t, v) -> t.outputs.items(v)).label("FILE"),
            ofJob(OUTPUTS, "content", TEXT, "Write what each HTML page says to FILE, as JSON Lines: its title, "
                    + "description, language, dates and author, and its main content (menus, footers, sidebars left "
                    + "out) as plain text and as Markdown. noindex pages are left out. '-' writes to standard output.",
                    j -> j.outputs().content(), (t, v) -> t.outputs.content(v)).label("FILE"),
            ofJob(OUTPUTS, "content-dir", TEXT, "Write each HTML page's main content as a Markdown file under DIR, "
                    + "its path mirroring the URL's (DIR/host/path.md), with a front matter (url, title, fetched).",
                    j -> j.outputs().contentDir(), (t, v) -> t.outputs.contentDir(Path.of(v))).label("DIR"),
            ofJob(OUTPUTS, "chunks", TEXT, "Write each HTML page's Markdown cut into chunks for retrieval to FILE, as "
                    + "JSON Lines: at headings, then paragraphs, never inside a table row, a code block only when it "
                    + "is longer than a chunk (each piece a fence of its own); each with its headings and, with "
                    + "--warc, the WARC file, offset and record id of its capture. '-' writes to standard output.",
                    j -> j.outputs().chunks(), (t, v) -> t.outputs.chunks(v)).label("FILE"),
            ofJob(OUTPUTS, "chunk-size", COUNT, "The longest chunk of --chunks, in characters; no chunk is longer.",
                    j -> j.outputs().chunkSize(), (t, v) -> t.outputs.chunkSize(Integer.parseInt(v))),
            ofJob(OUTPUTS, "chunk-all-kinds", FLAG, "Chunk every page --chunks is given, whatever its kind: by "
                    + "default pages that are no content (navigation such as indexes and tables of contents, error "
                    + "pages, soft 404s, challenges, access denied and consent walls, empty pages) are left out.",
                    j -> j.outputs().chunkAllKinds(), (t, v) -> t.outputs.chunkAllKinds(bool(v))),
            ofJob(SCRAPE, "item", TEXT, "Elements that become items, one item per match. CSS, or 'xpath:EXPR'.",
                    j -> j.scrape().item(), (t, v) -> t.item = v).label("SELECTOR")
                    .defaultNote("one item per page"),
            manyOfJob(SCRAPE, "field", TEXT, "A field of each item, selected within the item: its text, or an "
                    + "attribute with a trailing @name. 'css:' or 'xpath:' prefix; CSS by default.",
                    j -> j.scrape().fields(), (t, v) -> t.fields.add(v)).label("NAME=SELECTOR"),
            ofJob(SCRAPE, "follow", TEXT, "Follow only the links on (or inside) the elements this selects, within "
                    + "scope.", j -> j.scrape().follow(), (t, v) -> t.follow = v).label("SELECTOR"),
            choice(RENDER, "render", "Load every HTML page in headless Chromium and take its links, items, record "
                    + "and content from the DOM its scripts built; --render auto: only the pages whose HTML shows "
                    + "they need it.", RenderChoice.Mode.class, j -> j.render().mode(),
                    (t, v) -> t.renderMode = v).label("auto"),
            ofJob(RENDER, "render-include", REGEX, "Render only the HTML pages whose URL contains a match of REGEX.",
                    j -> j.render().include(), (t, v) -> t.renderInclude = v),
            ofJob(RENDER, "render-timeout", DURATION, "Longest wait for a page's load and network idle, and after "
                    + "each scroll.", j -> j.render().timeout(), (t, v) -> t.renderTimeout = Duration.parse(v))
                    .defaultNote("15s"),
            ofJob(RENDER, "render-scroll", COUNT, "Scroll each rendered page to its bottom N times, waiting for "
                    + "network idle each time (infinite scroll).", j -> j.render().scrolls(),
                    (t, v) -> t.renderScrolls = Integer.parseInt(v)).defaultNote("0"),
            ofJob(RENDER, "render-tasks", COUNT, "Pages rendered at once, apart from --max-tasks.",
                    j -> j.render().tasks(), (t, v) -> t.renderTasks = Integer.parseInt(v)).defaultNote("2"),
            ofJob(RENDER, "render-resources", FLAG, "Let rendered pages load images, media and fonts (blocked by "
                    + "default).", j -> j.render().resources(), (t, v) -> t.renderResources = bool(v)),
            ofJob(STATE, "state", TEXT, "Keep the frontier, the URLs seen, every record and the configuration in "
                    + "FILE (SQLite), so that 'loomcrawl resume FILE' continues the crawl after Ctrl-C, a crash or a "
                    + "power cut. FILE must not exist yet (or be empty). Outputs are written in step with it, and "
                    + "resume appends to them.", j -> j.state().file(), (t, v) -> t.stateFile = Path.of(v))
                    .label("FILE"),
            ofJob(STATE, "state-links", FLAG, "With --state, also keep every link of every page (the link graph).",
                    j -> j.state().links(), (t, v) -> t.stateLinks = bool(v)),
            ofJob(STATE, "spill-dir", TEXT, "Without --state: where the queue and the report's records go once they "
                    + "outgrow memory (deleted at the end).", j -> j.state().spillDir(),
                    (t, v) -> t.spillDir = Path.of(v)).label("DIR")
                    .defaultNote("the temporary directory, or /var/tmp when that is a tmpfs"),
            ofJob(STATE, "frontier", TEXT, "Share the crawl through Redis at URI (redis://[user:pass@]host:port[/db]) "
                    + "with every process started with the same --crawl-id.", j -> j.state().frontier(),
                    (t, v) -> t.frontier = v).label("URI"),
            ofJob(STATE, "crawl-id", TEXT, "With --frontier: the shared crawl's name (letters, digits, '.', '_', "
                    + "'-').", j -> j.state().crawlId(), (t, v) -> t.crawlId = v).label("NAME"),
            ofJob(STATE, "lease-time", DURATION, "With --frontier: how soon the URLs in flight in a process that died "
                    + "or froze go back to the queue.", j -> j.state().leaseTime(),
                    (t, v) -> t.leaseTime = Duration.parse(v)),
            ofJob(STATE, "redis-outage", DURATION, "With --frontier: how long to wait out Redis being unreachable, "
                    + "restarting or failing over (calls retried with backoff) before the process stops with exit "
                    + "code 1.", j -> j.state().redisOutage(), (t, v) -> t.redisOutage = Duration.parse(v)));
}
