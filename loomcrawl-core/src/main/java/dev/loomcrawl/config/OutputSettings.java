package dev.loomcrawl.config;

import dev.loomcrawl.output.lines.LineFormat;
import dev.loomcrawl.setting.BadSetting;

import java.nio.file.Path;

/**
 * What a crawl writes beside its report: the files of its outputs, each null when not asked for. The rows of
 * {@link SettingGroup#OUTPUTS} in {@link CrawlSettings} name them; docs/outputs.md says what each holds.
 *
 * @param records       the record of each finished URL ({@code --output}); {@link #STDOUT} for standard output
 * @param format        the records' format, or null: by the file's extension (JSON Lines on standard output)
 * @param links         every link found; {@code items}, {@code content}, {@code chunks} likewise take {@link #STDOUT}
 * @param warcMaxSize   the size past which a new WARC file is started
 * @param chunkSize     the longest chunk, in characters
 * @param chunkAllKinds chunk pages of every kind, not only content
 */
public record OutputSettings(String records, LineFormat format, String links, String items, Path warc,
                             long warcMaxSize, Path wacz, Path htmlReport, String content, Path contentDir,
                             String chunks, int chunkSize, boolean chunkAllKinds) {
    /** The file name that stands for standard output. */
    public static final String STDOUT = "-";
    public static final long WARC_MAX_SIZE = 1L << 30;
    public static final int CHUNK_SIZE = 2000;
    /** No output at all. */
    public static final OutputSettings NONE = builder().build();

    public OutputSettings {
        if (chunkSize < 1) {
            throw new BadSetting("chunkSize", "must be at least 1 character, got " + chunkSize);
        }
        if (warcMaxSize < 1) {
            throw new BadSetting("warcMaxSize", "must be at least 1 byte, got " + warcMaxSize);
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The same outputs with every file's path absolute (standard output stays itself), for a run elsewhere. */
    public OutputSettings absolute() {
        return new OutputSettings(absolute(records), format, absolute(links), absolute(items), absolute(warc),
                warcMaxSize, absolute(wacz), absolute(htmlReport), absolute(content), absolute(contentDir),
                absolute(chunks), chunkSize, chunkAllKinds);
    }

    private static String absolute(String file) {
        return file == null || file.equals(STDOUT) ? file : Path.of(file).toAbsolutePath().toString();
    }

    private static Path absolute(Path file) {
        return file == null ? null : file.toAbsolutePath();
    }

    /** Sets what differs from no output at all. */
    public static final class Builder {
        private String records;
        private LineFormat format;
        private String links;
        private String items;
        private Path warc;
        private long warcMaxSize = WARC_MAX_SIZE;
        private Path wacz;
        private Path htmlReport;
        private String content;
        private Path contentDir;
        private String chunks;
        private int chunkSize = CHUNK_SIZE;
        private boolean chunkAllKinds;

        private Builder() {}

        public Builder records(String file) { records = file; return this; }
        public Builder format(LineFormat f) { format = f; return this; }
        public Builder links(String file) { links = file; return this; }
        public Builder items(String file) { items = file; return this; }
        public Builder warc(Path path) { warc = path; return this; }
        public Builder warcMaxSize(long bytes) { warcMaxSize = bytes; return this; }
        public Builder wacz(Path file) { wacz = file; return this; }
        public Builder htmlReport(Path file) { htmlReport = file; return this; }
        public Builder content(String file) { content = file; return this; }
        public Builder contentDir(Path dir) { contentDir = dir; return this; }
        public Builder chunks(String file) { chunks = file; return this; }
        public Builder chunkSize(int characters) { chunkSize = characters; return this; }
        public Builder chunkAllKinds(boolean all) { chunkAllKinds = all; return this; }

        public OutputSettings build() {
            return new OutputSettings(records, format, links, items, warc, warcMaxSize, wacz, htmlReport, content,
                    contentDir, chunks, chunkSize, chunkAllKinds);
        }
    }
}
