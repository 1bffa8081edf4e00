package dev.loomcrawl.store.sqlite;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The complete lines of a chunks file ({@code --chunks}, JSON Lines) from a byte position on, as a crawl may still be
 * writing it: a last line without its line end is not read (it is read whole next time, from the same position). A
 * line longer than {@link #MAX_LINE_BYTES} is read past without being kept, so a line costs bounded memory whatever
 * the file holds.
 */
final class ChunkLines implements AutoCloseable {
    static final int MAX_LINE_BYTES = 4 << 20;
    private static final int MAX_HEADINGS = 64;
    private static final JsonFactory JSON = new JsonFactory();

    /** A complete line: its bytes without the line end (null: longer than the bound), and where the next one starts. */
    record Line(byte[] bytes, long end) {}

    /** A chunk as a line gives it; {@code chunk} is its place among its page's chunks. */
    record Chunk(String url, String title, int chunk, List<String> headings, String markdown,
                 ChunkIndex.Citation citation) {}

    private final FileChannel channel;
    private final ByteBuffer buffer = ByteBuffer.allocate(64 << 10).flip();
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();
    private long readAt; // the file position of the byte after the buffer's last one
    private long lineEnd; // bytes of the file read up to the end of the last complete line
    private boolean tooLong;

    private ChunkLines(FileChannel channel, long from) {
        this.channel = channel;
        this.readAt = from;
        this.lineEnd = from;
    }

    /**
     * Opens {@code file} to read from {@code from}, the end of a line read before; the file must be at least that
     * long (a shorter one was replaced or cut since).
     */
    static ChunkLines open(Path file, long from) throws IOException {
        FileChannel channel = FileChannel.open(file, StandardOpenOption.READ);
        try {
            long size = channel.size();
            if (size < from) {
                throw new IOException("it is shorter (" + size + " bytes) than what the index has read of it (" + from
                        + " bytes): it was replaced or cut; index it into a new index file");
            }
            return new ChunkLines(channel, from);
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /** The next complete line, or null when what is left of the file (if anything) has no line end yet. */
    Line next() throws IOException {
        while (true) {
            if (!buffer.hasRemaining()) {
                buffer.clear();
                int n = channel.read(buffer, readAt);
                buffer.flip();
                if (n <= 0) return null;
                readAt += n;
            }
            int start = buffer.position();
            int newline = -1;
            for (int i = start; i < buffer.limit(); i++) {
                if (buffer.get(i) == '\n') {
                    newline = i;
                    break;
                }
            }
            int stop = newline < 0 ? buffer.limit() : newline;
            keep(start, stop);
            if (newline < 0) {
                buffer.position(buffer.limit());
                continue;
            }
            buffer.position(newline + 1);
            lineEnd = readAt - buffer.remaining();
            byte[] bytes = tooLong ? null : line.toByteArray();
            line.reset();
            tooLong = false;
            return new Line(bytes, lineEnd);
        }
    }

    private void keep(int start, int stop) {
        if (tooLong) return;
        if (line.size() + (stop - start) > MAX_LINE_BYTES) {
            tooLong = true;
            line.reset();
            return;
        }
        line.write(buffer.array(), start, stop - start);
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }

    /**
     * The chunk a line describes, or null when it does not describe one: not one JSON object, or without a string
     * {@code url} and {@code markdown}. Unknown keys are passed over; a missing {@code chunk} is 0, missing headings
     * none; a citation needs {@code warc_file}, and keeps at most {@value #MAX_HEADINGS} headings.
     */
    static Chunk parse(byte[] bytes) {
        int n = bytes.length;
        if (n > 0 && bytes[n - 1] == '\r') n--;
        String url = null, title = null, markdown = null, warcFile = null, recordId = null, captured = null;
        int chunk = 0;
        long offset = -1;
        List<String> headings = List.of();
        try (JsonParser p = JSON.createParser(bytes, 0, n)) {
            if (p.nextToken() != JsonToken.START_OBJECT) return null;
            for (JsonToken t = p.nextToken(); t == JsonToken.FIELD_NAME; t = p.nextToken()) {
                String name = p.currentName();
                JsonToken value = p.nextToken();
                switch (name) {
                    case "url" -> url = text(p, value);
                    case "title" -> title = text(p, value);
                    case "markdown" -> markdown = text(p, value);
                    case "warc_file" -> warcFile = text(p, value);
                    case "warc_record_id" -> recordId = text(p, value);
                    case "captured" -> captured = text(p, value);
                    case "chunk" -> chunk = value == JsonToken.VALUE_NUMBER_INT ? p.getIntValue() : 0;
                    case "warc_offset" -> offset = value == JsonToken.VALUE_NUMBER_INT ? p.getLongValue() : -1;
                    case "headings" -> headings = headings(p, value);
                    default -> p.skipChildren();
                }
            }
            if (p.currentToken() != JsonToken.END_OBJECT || p.nextToken() != null) return null;
        } catch (IOException | RuntimeException e) { // not JSON, or a number out of range: not a chunk line
            return null;
        }
        if (url == null || markdown == null || headings == null) return null;
        ChunkIndex.Citation citation = warcFile == null ? null
                : new ChunkIndex.Citation(warcFile, Math.max(offset, 0), recordId, captured);
        return new Chunk(url, title, chunk, headings, markdown, citation);
    }

    private static String text(JsonParser p, JsonToken value) throws IOException {
        if (value == JsonToken.VALUE_STRING) return p.getText();
        p.skipChildren();
        return null;
    }

    /** The headings, or null when the value is not an array of strings. */
    private static List<String> headings(JsonParser p, JsonToken value) throws IOException {
        if (value == JsonToken.VALUE_NULL) return List.of();
        if (value != JsonToken.START_ARRAY) {
            p.skipChildren();
            return null;
        }
        List<String> headings = new ArrayList<>();
        for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
            if (t != JsonToken.VALUE_STRING) {
                p.skipChildren();
                return skipRest(p);
            }
            if (headings.size() < MAX_HEADINGS) headings.add(p.getText());
        }
        return List.copyOf(headings);
    }

    private static List<String> skipRest(JsonParser p) throws IOException {
        for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) p.skipChildren();
        return null;
    }
}
