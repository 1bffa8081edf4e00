package dev.loomcrawl.output.lines;

import dev.loomcrawl.content.Chunks;
import dev.loomcrawl.output.CommitStage;
import dev.loomcrawl.output.CommittedWriter;
import dev.loomcrawl.output.CrawlOutput;
import dev.loomcrawl.output.warc.WarcCitations;
import dev.loomcrawl.result.FinishedUrl;
import dev.loomcrawl.result.PageContent;
import dev.loomcrawl.result.PageKind;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;

/**
 * The chunks output ({@code --chunks}): each page's Markdown cut into chunks for retrieval ({@link Chunks}), one JSON
 * line per chunk, with the page's URL and title, the headings the chunk falls under, its range in the page's
 * Markdown, and, when the crawl writes WARC files too, where the page's capture is in them: the file, the offset of
 * its response record and its {@code WARC-Record-ID}, and when it was captured. The pages are those the content
 * output writes (noindex left out the same way), but for those that are not content by their kind (navigation, errors,
 * walls, empty pages: {@link PageKind#content()}) unless every kind is asked for, and those whose main text an
 * earlier page had ({@link MainTexts}): a page is chunked once. Written by the crawl's journal, like the other line
 * outputs.
 */
public final class ChunkFile implements CrawlOutput {

    /** The fields of a line, in order (docs/outputs.md describes each). */
    static final List<Column<Line>> COLUMNS = List.of(
            new Column<>("url", l -> l.url),
            new Column<>("title", l -> l.title),
            new Column<>("kind", l -> l.kind.label()),
            new Column<>("chunk", l -> l.chunk.index()),
            new Column<>("headings", l -> l.chunk.headings()),
            new Column<>("start", l -> l.chunk.start()),
            new Column<>("end", l -> l.chunk.end()),
            new Column<>("markdown", l -> l.chunk.markdown()),
            new Column<>("warc_file", l -> l.citation == null ? null : l.citation.file()),
            new Column<>("warc_offset", l -> l.citation == null ? null : l.citation.offset()),
            new Column<>("warc_record_id", l -> l.citation == null ? null : l.citation.recordId()),
            new Column<>("captured", l -> l.citation == null ? null
                    : IsoMillis.format(l.citation.date())));

    private record Line(String url, String title, PageKind kind, Chunks.Chunk chunk,
                        WarcCitations.Citation citation) {}

    /**
     * A page's chunks (null: left out for its kind), made on the worker's thread; cited and written by the journal's
     * writer thread.
     */
    private record PageChunks(String url, String title, PageKind kind, List<Chunks.Chunk> chunks, long digest,
                              String captureKey) {}

    /**
     * What to chunk.
     *
     * @param size     the longest chunk, in characters
     * @param allKinds chunk pages of every kind; else pages that are not content ({@link PageKind#content()}:
     *                 navigation, errors, walls, empty pages) are left out
     */
    public record Settings(int size, boolean allKinds) {
        public Settings {
            if (size < 1) throw new IllegalArgumentException("the chunk size must be positive: " + size);
        }
    }

    private final CommittedWriter<PageChunks> writer;
    private final ContentFile.Counts counts;
    private final LongAdder otherKinds = new LongAdder();
    private final LongAdder duplicates; // counted by the journal's writer thread

    private ChunkFile(CommittedWriter<PageChunks> writer, LongAdder duplicates, CommitStage journal,
                      Settings settings, boolean ignoreNoindex) {
        this.writer = writer;
        this.duplicates = duplicates;
        this.counts = new ContentFile.Counts(ignoreNoindex);
        journal.needsContent();
        writer.commitWith(journal, finished -> {
            PageContent content = counts.contentToWrite(finished);
            if (content == null) return null;
            boolean chunked = settings.allKinds || content.kind().content();
            if (!chunked) otherKinds.increment();
            // a page left out for its kind is still the first with its main text, as it is for the content output
            return new PageChunks(finished.record().url().toString(), content.facts().title(), content.kind(),
                    chunked ? Chunks.split(content.markdown(), settings.size) : null, MainTexts.digest(content),
                    WarcCitations.key(finished));
        });
    }

    /**
     * Writes {@code path} (JSON Lines) with the crawl's journal, as {@link RecordFile#open(Path, LineFormat,
     * CommitStage)} does, chunked as {@code settings} say. {@code citations} (from the WARC output, opened on the same
     * journal before this one) adds where each page's capture is; null writes no citation. A page whose main text
     * {@code texts} says an earlier page had is not chunked (the crawl's content outputs share {@code texts}, and the
     * content output names that page in its {@code duplicate_of}).
     */
    public static ChunkFile open(Path path, CommitStage journal, Settings settings, boolean ignoreNoindex,
                                 WarcCitations citations, MainTexts texts) {
        LongAdder duplicates = new LongAdder();
        return new ChunkFile(LineOutput.file(path, journal, null, lines -> new Citing(lines, citations, texts,
                duplicates)), duplicates, journal, settings, ignoreNoindex);
    }

    /** Writes to {@code out}, which is flushed but left open; {@code name} names it in messages. */
    public static ChunkFile open(OutputStream out, String name, CommitStage journal, Settings settings,
                                 boolean ignoreNoindex, WarcCitations citations, MainTexts texts) {
        LongAdder duplicates = new LongAdder();
        return new ChunkFile(LineOutput.stream(out, name, null, lines -> new Citing(lines, citations, texts,
                duplicates)), duplicates, journal, settings, ignoreNoindex);
    }

    /**
     * The pages with content, left out as noindex, and without content (making it failed), as the content outputs
     * count them; of the pages with content, {@link #otherKinds()} and {@link #duplicates()} were not chunked.
     */
    public ContentFile.Counts counts() {
        return counts;
    }

    /** Pages not chunked for their kind (navigation, errors, walls, empty pages), unless every kind is chunked. */
    public long otherKinds() {
        return otherKinds.sum();
    }

    /** Pages not chunked because an earlier page had the same main text. */
    public long duplicates() {
        return duplicates.sum();
    }

    @Override
    public void close() {
        writer.close();
    }

    /**
     * Writes a page's chunks as lines, each with where the WARC output (written before, in the same commit) put the
     * page's capture; none when an earlier page had the same main text.
     */
    private record Citing(LineSink lines, WarcCitations citations, MainTexts texts, LongAdder duplicates)
            implements LineSink.Over<PageChunks> {
        @Override
        public void write(PageChunks page) throws IOException {
            WarcCitations.Citation citation = citations == null ? null : citations.take(page.captureKey);
            boolean duplicate = texts.originalOf(page.digest, page.url) != null;
            if (page.chunks == null) return;
            if (duplicate) {
                duplicates.increment();
                return;
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            for (Chunks.Chunk c : page.chunks) {
                out.writeBytes(JsonLines.line(COLUMNS, new Line(page.url, page.title, page.kind, c, citation)));
            }
            lines.write(out.toByteArray());
        }
    }
}
