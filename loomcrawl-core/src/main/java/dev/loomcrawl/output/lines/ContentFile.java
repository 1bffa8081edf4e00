package dev.loomcrawl.output.lines;

import dev.loomcrawl.output.CommitStage;
import dev.loomcrawl.output.CommittedWriter;
import dev.loomcrawl.output.CrawlOutput;
import dev.loomcrawl.result.FinishedUrl;
import dev.loomcrawl.result.PageContent;
import dev.loomcrawl.internal.robots.RobotsDirectives;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;

/**
 * The content output ({@code --content}): one JSON line per HTML page that was read (and per document a converter
 * read: a PDF, JSON), with what it says: its facts, its main content as plain text and as Markdown
 * ({@link PageContent}), what kind of page it is, a PDF's number of pages, and the earlier page
 * with the same main text, if any ({@link MainTexts}). A page that asks not to be indexed
 * ({@code noindex}, by a robots meta or {@code X-Robots-Tag}) is left out and counted, unless the crawl ignores
 * robots directives. Written by the crawl's journal, like the other line outputs.
 */
public final class ContentFile implements CrawlOutput {

    /** The fields of a line, in order (docs/outputs.md describes each). */
    static final List<Column<Page>> COLUMNS = List.of(
            new Column<>("url", p -> p.finished.record().url().toString()),
            new Column<>("title", p -> p.content.facts().title()),
            new Column<>("description", p -> p.content.facts().description()),
            new Column<>("lang", p -> p.content.facts().lang()),
            new Column<>("published", p -> p.content.facts().published()),
            new Column<>("modified", p -> p.content.facts().modified()),
            new Column<>("author", p -> p.content.facts().author()),
            new Column<>("canonical", p -> p.content.facts().canonical()),
            new Column<>("fetched", p -> IsoMillis.format(p.finished.record().startedAt())),
            new Column<>("main", p -> p.content.main()),
            new Column<>("kind", p -> p.content.kind().label()),
            new Column<>("pages", p -> p.content.pages() == 0 ? null : p.content.pages()),
            new Column<>("text", p -> p.content.textAsWritten()),
            new Column<>("markdown", p -> p.content.markdownAsWritten()),
            // last, and null when the line is made: the journal's writer thread, which writes the lines in the order of
            // the crawl's commits, says whether an earlier page had the same main text (MainTexts)
            new Column<>("duplicate_of", p -> null));

    /** A page and its content, as a line is made of it. */
    record Page(FinishedUrl finished, PageContent content) {}

    /** A page's line, made on the worker's thread, and what its {@code duplicate_of} is decided by. */
    private record Line(JsonLines.Pieces bytes, String url, long digest) {}

    private final CommittedWriter<Line> writer;
    private final Counts counts;

    private ContentFile(CommittedWriter<Line> writer, CommitStage journal, boolean ignoreNoindex) {
        this.writer = writer;
        this.counts = new Counts(ignoreNoindex);
        journal.needsContent();
        writer.commitWith(journal, finished -> {
            PageContent content = counts.contentToWrite(finished);
            return content == null ? null : new Line(JsonLines.linePieces(COLUMNS, new Page(finished, content)),
                    finished.record().url().toString(), MainTexts.digest(content));
        });
    }

    /**
     * Writes {@code path} (JSON Lines) with the crawl's journal, as {@link RecordFile#open(Path, LineFormat,
     * CommitStage)} does; {@code ignoreNoindex} writes noindex pages too. A page's {@code duplicate_of} names the
     * first page {@code texts} says had its main text (the crawl's other content outputs share it).
     */
    public static ContentFile open(Path path, CommitStage journal, boolean ignoreNoindex, MainTexts texts) {
        return new ContentFile(LineOutput.file(path, journal, null, lines -> new Duplicates(lines, texts)),
                journal, ignoreNoindex);
    }

    /** Writes {@code path} with first pages of its own ({@link MainTexts#of}). */
    public static ContentFile open(Path path, CommitStage journal, boolean ignoreNoindex) {
        return open(path, journal, ignoreNoindex, MainTexts.of(journal));
    }

    /** Writes to {@code out}, which is flushed but left open; {@code name} names it in messages. */
    public static ContentFile open(OutputStream out, String name, CommitStage journal, boolean ignoreNoindex,
                                   MainTexts texts) {
        return new ContentFile(LineOutput.stream(out, name, null, lines -> new Duplicates(lines, texts)),
                journal, ignoreNoindex);
    }

    /** Writes a page's line, with the page it duplicates (on the journal's writer thread, in commit order). */
    private record Duplicates(LineSink lines, MainTexts texts) implements LineSink.Over<Line> {
        @Override
        public void write(Line line) throws IOException {
            String original = texts.originalOf(line.digest, line.url);
            lines.write(original == null ? line.bytes : JsonLines.withLast(line.bytes, original));
        }
    }

    /** How many pages were written, left out as noindex, and had no content because making it failed. */
    public Counts counts() {
        return counts;
    }

    @Override
    public void close() {
        writer.close();
    }

    /**
     * What a content output did with the pages it was given, counted as their content is made (on the workers'
     * threads, so a page counts once it is on its way to the file).
     */
    public static final class Counts {
        private final boolean ignoreNoindex;
        private final LongAdder pages = new LongAdder();
        private final LongAdder noindex = new LongAdder();
        private final LongAdder failed = new LongAdder();

        public Counts(boolean ignoreNoindex) {
            this.ignoreNoindex = ignoreNoindex;
        }

        /** The page's content if it is to be written (counted), else null (counted when a page is left out). */
        public PageContent contentToWrite(FinishedUrl finished) {
            if (finished.lazyContent() == null) return null;
            if (!ignoreNoindex && RobotsDirectives.ofLabel(finished.record().robots()).noindex()) {
                noindex.increment();
                return null;
            }
            PageContent content = finished.content();
            if (content == null) {
                failed.increment();
                return null;
            }
            pages.increment();
            return content;
        }

        public long pages() {
            return pages.sum();
        }

        public long noindex() {
            return noindex.sum();
        }

        public long failed() {
            return failed.sum();
        }
    }
}
