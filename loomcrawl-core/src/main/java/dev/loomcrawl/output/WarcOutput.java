package dev.loomcrawl.output;

import dev.loomcrawl.CrawlConfig;
import dev.loomcrawl.CrawlRecord;
import dev.loomcrawl.FoundLink;
import dev.loomcrawl.Version;
import dev.loomcrawl.fetch.FetchResult;
import dev.loomcrawl.url.WebUrl;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The WARC output: every HTTP response of the crawl as WARC 1.1 request, response and metadata records
 * (gzip, one member per record), in files rotated by size, with revisit records for payloads seen before. A
 * URL that got no response (a network failure) or was skipped writes nothing. The exchange is collected from
 * {@link #onResponse} and {@link #onLinks} and prepared on the worker thread when its record comes; one writer
 * thread appends. See {@link HttpBlocks} for how the HTTP parts are reconstructed.
 */
public final class WarcOutput implements CrawlOutput {
    /** Default largest file size before a new file is started: 1 GiB. */
    public static final long DEFAULT_MAX_FILE_SIZE = 1L << 30;
    /** Payload digests remembered for revisits: a few hundred bytes each, some 40 MB at most. */
    static final int REMEMBERED_PAYLOADS = 100_000;
    private static final String WARC_1_1 =
            "https://iipc.github.io/warc-specifications/specifications/warc-format/warc-1.1/";
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMddHHmmss");

    private record Pending(FetchResult.Response response, List<FoundLink> links) {}

    private final Map<WebUrl, Pending> pending = new ConcurrentHashMap<>();
    private final WarcFiles files;
    private final WriterThread<WarcCapture> writer;

    private WarcOutput(WarcFiles files, String target) {
        this.files = files;
        this.writer = new WriterThread<>(target, new WarcSink(files, new PayloadIndex(REMEMBERED_PAYLOADS)), 64);
    }

    /**
     * Starts the first file now. {@code path} is a directory (files are named {@code loomcrawl-TIMESTAMP-NNNNN
     * .warc.gz} in it) or a prefix ({@code crawl} or {@code crawl.warc.gz} gives {@code crawl-00000.warc.gz},
     * ...). {@code info} adds fields to each file's warcinfo record (software, format and conformsTo are set).
     */
    public static WarcOutput open(Path path, long maxFileSize, Map<String, String> info) {
        if (maxFileSize < 1) throw new IllegalArgumentException("the WARC file size limit must be positive");
        Path dir;
        String base;
        if (Files.isDirectory(path)) {
            dir = path;
            base = "loomcrawl-" + STAMP.format(ZonedDateTime.now(ZoneOffset.UTC));
        } else {
            dir = path.toAbsolutePath().getParent();
            base = path.getFileName().toString().replaceFirst("(?i)\\.warc(\\.gz)?$", "");
        }
        Map<String, List<String>> fields = new LinkedHashMap<>();
        fields.put("software", List.of("loomcrawl/" + Version.VERSION + " (+" + CrawlConfig.PROJECT_URL + ")"));
        fields.put("format", List.of("WARC File Format 1.1"));
        fields.put("conformsTo", List.of(WARC_1_1));
        info.forEach((k, v) -> fields.put(k, List.of(v)));
        try {
            return new WarcOutput(new WarcFiles(dir, base, maxFileSize, fields), path.toString());
        } catch (IOException e) {
            throw new OutputException(dir.resolve(base + "-00000.warc.gz").toString(), e);
        }
    }

    @Override
    public void onResponse(CrawlRecord record, FetchResult.Response response) {
        pending.put(record.url(), new Pending(response, List.of()));
    }

    @Override
    public void onLinks(CrawlRecord record, List<FoundLink> links) {
        pending.computeIfPresent(record.url(), (url, p) -> new Pending(p.response(), links));
    }

    @Override
    public void onRecord(CrawlRecord record) {
        Pending p = pending.remove(record.url());
        if (p != null) writer.write(WarcRecords.capture(record, p.response(), p.links()));
    }

    /** The files started so far, in order. */
    public List<Path> files() {
        return files.files();
    }

    /** Writes the captures handed over, closes the last file, and throws if a write failed. */
    @Override
    public void close() {
        writer.close();
    }
}
