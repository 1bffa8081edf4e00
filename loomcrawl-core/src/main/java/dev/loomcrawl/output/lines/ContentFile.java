package dev.loomcrawl.output.lines;

import dev.loomcrawl.output.CommitStage;
import dev.loomcrawl.output.CommittedWriter;
import dev.loomcrawl.output.CrawlOutput;
import dev.loomcrawl.result.FinishedUrl;
import dev.loomcrawl.result.PageContent;
import dev.loomcrawl.robots.RobotsDirectives;

import java.io.OutputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;

/**
 * The content output ({@code --content}): one JSON line per HTML page that was read, with what it says: its facts,
 * and its main content as plain text and as Markdown ({@link PageContent}). A page that asks not to be indexed
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
            new Column<>("text", p -> p.content.textAsWritten()),
            new Column<>("markdown", p -> p.content.markdownAsWritten()));

    /** A page and its content, as a line is made of it. */
    record Page(FinishedUrl finished, PageContent content) {}

    private final CommittedWriter<JsonLines.Bytes> writer;
    private final Counts counts;

    private ContentFile(CommittedWriter<JsonLines.Bytes> writer, CommitStage journal, boolean ignoreNoindex) {
        this.writer = writer;
        this.counts = new Counts(ignoreNoindex);
        journal.needsContent();
        writer.commitWith(journal, finished -> {
            PageContent content = counts.contentToWrite(finished);
            return content == null ? null : JsonLines.lineBytes(COLUMNS, new Page(finished, content));
        });
    }

    /**
     * Writes {@code path} (JSON Lines) with the crawl's journal, as {@link RecordFile#open(Path, LineFormat,
     * CommitStage)} does; {@code ignoreNoindex} writes noindex pages too.
     */
    public static ContentFile open(Path path, CommitStage journal, boolean ignoreNoindex) {
        return new ContentFile(LineOutput.file(path, journal, null, LineSink::ofBytes), journal, ignoreNoindex);
    }

    /** Writes to {@code out}, which is flushed but left open; {@code name} names it in messages. */
    public static ContentFile open(OutputStream out, String name, CommitStage journal, boolean ignoreNoindex) {
        return new ContentFile(LineOutput.stream(out, name, null, LineSink::ofBytes), journal, ignoreNoindex);
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
