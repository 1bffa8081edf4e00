package dev.loomcrawl.output.warc;

import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.result.FinishedUrl;
import dev.loomcrawl.fetch.Version;
import dev.loomcrawl.fetch.FetchResult;
import dev.loomcrawl.output.CommitStage;
import dev.loomcrawl.output.CommittedWriter;
import dev.loomcrawl.output.CrawlOutput;
import dev.loomcrawl.output.OutputException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The WARC output: every HTTP response of the crawl as WARC 1.1 request, response and metadata records
 * (gzip, one member per record), in files rotated by size, with revisit records for payloads seen before. A
 * URL that got no response (a network failure) or was skipped writes nothing. A finished URL's exchange is
 * prepared on the worker's thread, and the journal's writer thread appends it, in commit order. See {@link HttpBlocks} for how the HTTP parts are reconstructed. Each finished file gets its
 * sorted {@link CdxjIndex} beside it ({@code crawl-00000.cdxj}); {@link WaczPackage} packages finished files.
 */
public final class WarcOutput implements CrawlOutput {
    /** Default largest file size before a new file is started: 1 GiB. */
    public static final long DEFAULT_MAX_FILE_SIZE = 1L << 30;
    /** Payload digests remembered for revisits: a few hundred bytes each, some 40 MB at most. */
    static final int REMEMBERED_PAYLOADS = 100_000;
    private static final String WARC_1_1 =
            "https://iipc.github.io/warc-specifications/specifications/warc-format/warc-1.1/";
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMddHHmmss");
    private static final Pattern END = Pattern.compile("(.+)-(\\d{5,})\\.warc\\.gz (\\d+)");

    private final WarcFiles files;
    private final CommittedWriter<WarcCapture> writer;
    private final WarcCitations citations;

    private WarcOutput(WarcFiles files, CommittedWriter<WarcCapture> writer, WarcCitations citations) {
        this.files = files;
        this.writer = writer;
        this.citations = citations;
    }

    /**
     * Writes the files with the crawl's journal ({@code crawler.journal()}), each URL's records by the commit that
     * journals it. {@code path} is a directory (files are named {@code loomcrawl-TIMESTAMP-NNNNN.warc.gz} in it) or
     * a prefix ({@code crawl} or {@code crawl.warc.gz} gives {@code crawl-00000.warc.gz}, ...); the first file is
     * started now, in the path's folder, made if missing. {@code info} adds fields to each file's warcinfo record
     * (software, format and conformsTo are set). For a resumed crawl, the file that was current at the last commit is cut back to where it ended then and
     * appended to, and later ones are deleted. When the journal keeps payloads ({@link CommitStage#keepsPayloads}), a
     * payload first written in an earlier run or pass is a revisit of that record; else revisits refer within a
     * run. Close it after the crawler.
     */
    public static WarcOutput open(Path path, long maxFileSize, Map<String, String> info, CommitStage journal) {
        Path dir = dir(path, maxFileSize);
        String key = path.toAbsolutePath().toString();
        String resumeAt = journal.resumeAt(key);
        String base = base(path);
        int index = 0;
        long end = 0;
        if (resumeAt != null && !resumeAt.isEmpty()) {
            Matcher m = END.matcher(resumeAt);
            if (!m.matches()) throw new OutputException(path.toString(), "the crawl's state says it ended at '"
                    + resumeAt + "', which is not a WARC file's name and size");
            base = m.group(1);
            index = Integer.parseInt(m.group(2));
            end = Long.parseLong(m.group(3));
        }
        WarcFiles files;
        try {
            // a prefix names a series of files, often in a folder of their own: made as --content-dir's is. A resumed
            // crawl's folder is not made again: its files are there, or lost
            if (resumeAt == null) Files.createDirectories(dir);
            files = resumeAt == null ? WarcFiles.create(dir, base, maxFileSize, fields(info))
                    : WarcFiles.resume(dir, base, maxFileSize, fields(info), index, end, !resumeAt.isEmpty());
        } catch (IOException e) {
            throw new OutputException(dir.resolve(String.format("%s-%05d.warc.gz", base, index)).toString(), e);
        }
        WarcCitations citations = new WarcCitations();
        WarcSink sink = new WarcSink(files, journal.keepsPayloads() ? PayloadIndex.inState(journal)
                : new PayloadIndex(REMEMBERED_PAYLOADS), citations);
        CommittedWriter<WarcCapture> writer = new CommittedWriter<>(key, path.toString(), sink, files::end);
        writer.commitWith(journal, WarcOutput::capture);
        return new WarcOutput(files, writer, citations);
    }

    private static Path dir(Path path, long maxFileSize) {
        if (maxFileSize < 1) throw new IllegalArgumentException("the WARC file size limit must be positive");
        return Files.isDirectory(path) ? path : path.toAbsolutePath().getParent();
    }

    /** A new crawl's file names: a timestamp in a directory, else the path's name without its extension. */
    private static String base(Path path) {
        return Files.isDirectory(path) ? "loomcrawl-" + STAMP.format(ZonedDateTime.now(ZoneOffset.UTC))
                : path.getFileName().toString().replaceFirst("(?i)\\.warc(\\.gz)?$", "");
    }

    private static Map<String, List<String>> fields(Map<String, String> info) {
        Map<String, List<String>> fields = new LinkedHashMap<>();
        fields.put("software", List.of(Version.SOFTWARE));
        fields.put("format", List.of("WARC File Format 1.1"));
        fields.put("conformsTo", List.of(WARC_1_1));
        info.forEach((k, v) -> fields.put(k, List.of(v)));
        return fields;
    }

    /** The URL's WARC records, prepared (digests, headers); null when it got no response. */
    private static WarcCapture capture(FinishedUrl finished) {
        if (finished.response() == null) return null;
        WarcCapture page = WarcRecords.capture(finished.record(), finished.response(), finished.links(),
                finished.previous());
        if (finished.subresources().isEmpty()) return page;
        List<WarcCapture> subresources = new ArrayList<>(finished.subresources().size());
        for (FetchResult.Response r : finished.subresources()) {
            subresources.add(WarcRecords.capture(subresource(finished.record(), r), r, List.of(), null));
        }
        return page.withSubresources(subresources);
    }

    /**
     * A record for one of a rendered page's exchanges, as its WARC records need it: the page as its referrer
     * ({@code via}), the page's fetch start as its date (when the browser asked for it is not kept).
     */
    private static CrawlRecord subresource(CrawlRecord page, FetchResult.Response r) {
        return CrawlRecord.builder(r.url()).status(r.status()).size(r.body().length)
                .contentType(r.contentType().mediaType()).depth(page.depth()).referrer(page.url())
                .startedAt(page.startedAt()).duration(r.duration()).truncated(r.truncated()).attempts(r.attempts())
                .build();
    }

    /**
     * The files started so far, in order (with a resumed crawl's, those of earlier runs). Once the output is closed,
     * every one is finished and has its index beside it: what {@link WaczPackage#write} takes.
     */
    public List<Path> files() {
        return files.files();
    }

    /**
     * Where each page's response record went, for an output that cites the capture: open that output on the same
     * journal after this one, and have it {@link WarcCitations#take} and {@link WarcCitations#clear} as it writes.
     */
    public WarcCitations citations() {
        citations.want();
        return citations;
    }

    /** Closes the last file (after the journal, which wrote the captures), and throws if that fails. */
    @Override
    public void close() {
        writer.close();
    }
}
