package dev.loomcrawl.cli;

import dev.loomcrawl.output.lines.LineFormat;
import dev.loomcrawl.render.chromium.RenderSettings;
import dev.loomcrawl.scrape.SelectorScraper;
import dev.loomcrawl.state.Setting;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The crawl command's options that a crawl with {@code --state} keeps beside its configuration, so that every
 * run (the crawl, then each resume) writes the same outputs and scrapes the same way: settings named
 * {@code cli.OPTION} in the state file (docs/state.md). Paths are absolute, so that resume may run elsewhere.
 *
 * @param output the records file, or null; {@code format} its format
 * @param fields the {@code --field NAME=SELECTOR} options as given, in order
 * @param render what {@code --render} and its options asked for, or null
 */
record SavedOptions(String output, LineFormat format, String links, String items, Path warc, long warcMaxSize,
                    Path wacz, Path htmlReport, String item, List<String> fields, String follow, RenderSettings render,
                    String content, Path contentDir, String chunks, int chunkSize, boolean chunkAllKinds) {
    private static final String PREFIX = "cli.";

    SavedOptions {
        fields = List.copyOf(fields);
    }

    /** What the crawl command was given; its outputs' paths made absolute. */
    static SavedOptions of(Outputs.Plan plan, ScrapeOptions scrape, RenderSettings render) {
        return new SavedOptions(absolute(plan.records()), plan.recordFormat(), absolute(plan.links()),
                absolute(plan.items()), plan.warc() == null ? null : plan.warc().toAbsolutePath(), plan.warcMaxSize(),
                plan.wacz() == null ? null : plan.wacz().toAbsolutePath(), plan.htmlReport() == null ? null : plan.htmlReport().toAbsolutePath(), scrape.item, scrape.fields,
                scrape.follow, render, absolute(plan.content()),
                plan.contentDir() == null ? null : plan.contentDir().toAbsolutePath(), absolute(plan.chunks()),
                plan.chunkSize(), plan.chunkAllKinds());
    }

    private static String absolute(String file) {
        return file == null ? null : Path.of(file).toAbsolutePath().toString();
    }

    /** The outputs to open, with or without the progress line (which is not saved: each run says). */
    Outputs.Plan plan(boolean progress, InetSocketAddress metrics) {
        return new Outputs.Plan(output, format, links, links == null ? null : byName(links), items,
                items == null ? null : byName(items), ScrapeOptions.fieldNames(fields), warc, warcMaxSize, wacz,
                htmlReport, progress, metrics, content, contentDir, chunks, chunkSize, chunkAllKinds);
    }

    private static LineFormat byName(String file) {
        return LineFormat.forFileName(file).orElseThrow(() -> new IllegalArgumentException("setting for " + file
                + ": cannot tell its format from its name"));
    }

    /** The page handler of the saved selectors, or null. */
    SelectorScraper scraper() {
        return ScrapeOptions.scraper(item, fields, follow);
    }

    List<Setting> encode() {
        List<Setting> out = new ArrayList<>();
        add(out, "output", output);
        if (output != null) add(out, "format", format.label());
        add(out, "links", links);
        add(out, "items", items);
        add(out, "warc", warc);
        if (warc != null) add(out, "warc-max-size", warcMaxSize);
        add(out, "wacz", wacz);
        add(out, "html-report", htmlReport);
        add(out, "item", item);
        fields.forEach(f -> add(out, "field", f));
        add(out, "follow", follow);
        add(out, "content", content);
        add(out, "content-dir", contentDir);
        add(out, "chunks", chunks);
        if (chunks != null) add(out, "chunk-size", chunkSize);
        if (chunkAllKinds) add(out, "chunk-all-kinds", true);
        out.addAll(RenderOptions.encode(render, PREFIX));
        return out;
    }

    private static void add(List<Setting> out, String name, Object value) {
        if (value != null) out.add(new Setting(PREFIX + name, value.toString()));
    }

    /**
     * The options saved in a state's settings (those not {@code cli.*}, such as where outputs ended, are not
     * options); a bad or unknown one is an IllegalArgumentException naming it.
     */
    static SavedOptions decode(List<Setting> settings) {
        Map<String, List<String>> byName = new LinkedHashMap<>();
        for (Setting s : settings) {
            if (!s.name().startsWith(PREFIX)) continue; // not an option: where an output ended, say
            byName.computeIfAbsent(s.name(), n -> new ArrayList<>()).add(s.value());
        }
        String output = one(byName, "output");
        String format = one(byName, "format");
        String links = one(byName, "links");
        String items = one(byName, "items");
        String warc = one(byName, "warc");
        String warcMaxSize = one(byName, "warc-max-size");
        String wacz = one(byName, "wacz");
        String html = one(byName, "html-report");
        String item = one(byName, "item");
        List<String> fields = all(byName, "field");
        String follow = one(byName, "follow");
        String content = one(byName, "content");
        String contentDir = one(byName, "content-dir");
        String chunks = one(byName, "chunks");
        String chunkSize = one(byName, "chunk-size");
        String chunkAllKinds = one(byName, "chunk-all-kinds");
        Map<String, String> renderSettings = new LinkedHashMap<>();
        for (String name : List.of("render", "render-timeout", "render-scroll", "render-tasks", "render-resources",
                "render-auto")) {
            String value = one(byName, name);
            if (value != null) renderSettings.put(name, value);
        }
        if (!byName.isEmpty()) {
            throw new IllegalArgumentException("unknown settings " + byName.keySet() + " (written by a newer loomcrawl?)");
        }
        if ((output == null) != (format == null)) throw new IllegalArgumentException("cli.output and cli.format go together");
        try {
            return new SavedOptions(output, format == null ? null : LineFormat.valueOf(format.toUpperCase(Locale.ROOT)),
                    links, items, warc == null ? null : Path.of(warc), warcMaxSize == null ? 0 : Long.parseLong(warcMaxSize),
                    wacz == null ? null : Path.of(wacz), html == null ? null : Path.of(html), item, fields, follow,
                    RenderOptions.decode(renderSettings), content, contentDir == null ? null : Path.of(contentDir),
                    chunks, chunkSize == null ? 2000 : Integer.parseInt(chunkSize), "true".equals(chunkAllKinds));
        } catch (IllegalArgumentException | java.time.format.DateTimeParseException e) {
            throw new IllegalArgumentException("a bad cli setting: " + e.getMessage());
        }
    }

    private static String one(Map<String, List<String>> byName, String name) {
        List<String> values = byName.remove(PREFIX + name);
        if (values == null) return null;
        if (values.size() > 1) throw new IllegalArgumentException("setting " + PREFIX + name + " is given twice");
        return values.getFirst();
    }

    private static List<String> all(Map<String, List<String>> byName, String name) {
        List<String> values = byName.remove(PREFIX + name);
        return values == null ? List.of() : values;
    }
}
