package dev.loomcrawl.output.lines;

import dev.loomcrawl.result.FinishedUrl;
import dev.loomcrawl.output.CommitStage;
import dev.loomcrawl.output.CommittedWriter;
import dev.loomcrawl.output.CrawlOutput;
import dev.loomcrawl.output.OutputException;
import dev.loomcrawl.scrape.Item;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The scraped items output: one line per item, as it is scraped, in JSON Lines or CSV: the page's URL, the
 * item's position on the page, then the declared fields in order (null when missing). Items of a page are
 * written together, in document order. Written by one writer thread, like the other line outputs.
 */
public final class ItemFile implements CrawlOutput {
    private final LineFormat format;
    private final List<Column<Item>> columns;
    private final CommittedWriter<byte[]> writer;

    private ItemFile(LineFormat format, List<String> fields, CommittedWriter<byte[]> writer, CommitStage journal) {
        this.format = format;
        this.columns = columns(fields);
        this.writer = writer;
        writer.commitWith(journal, this::chunk);
    }

    /**
     * Writes {@code path} with the crawl's journal, as {@link RecordFile#open(Path, LineFormat, CommitStage)} does;
     * throws {@link OutputException} when it cannot be opened.
     */
    public static ItemFile open(Path path, LineFormat format, List<String> fields, CommitStage journal) {
        return new ItemFile(format, fields, LineOutput.file(path, journal, header(format, fields)), journal);
    }

    /** Writes to {@code out}, which is flushed but left open; {@code name} names it in messages. */
    public static ItemFile open(OutputStream out, String name, LineFormat format, List<String> fields,
                                CommitStage journal) {
        return new ItemFile(format, fields, LineOutput.stream(out, name, header(format, fields)), journal);
    }

    /** The CSV header, checking the format first. */
    private static byte[] header(LineFormat format, List<String> fields) {
        if (format == LineFormat.TEXT) throw new IllegalArgumentException("items are written as jsonl or csv");
        return format == LineFormat.CSV ? CsvLines.header(columns(fields)) : null;
    }

    private static List<Column<Item>> columns(List<String> fields) {
        List<Column<Item>> columns = new ArrayList<>();
        columns.add(new Column<>("page", i -> i.page().toString()));
        columns.add(new Column<>("index", Item::index));
        for (String f : fields) columns.add(new Column<>(f, i -> i.get(f)));
        return List.copyOf(columns);
    }

    /** A page's items as one chunk of lines, in document order, or null when it has none. */
    private byte[] chunk(FinishedUrl finished) {
        if (finished.items().isEmpty()) return null;
        ByteArrayOutputStream chunk = new ByteArrayOutputStream();
        for (Item item : finished.items()) {
            chunk.writeBytes(format == LineFormat.CSV ? CsvLines.line(columns, item) : JsonLines.line(columns, item));
        }
        return chunk.toByteArray();
    }

    @Override
    public void close() {
        writer.close();
    }
}
