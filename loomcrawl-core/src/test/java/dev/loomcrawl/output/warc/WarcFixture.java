package dev.loomcrawl.output.warc;

import org.netpreserve.jwarc.HttpResponse;
import org.netpreserve.jwarc.MessageHeaders;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcTargetRecord;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** WARC files read back with jwarc's reader, record by record, into plain values a test can look at. */
final class WarcFixture {
    /** One record as read: where it starts (the compressed offset), its WARC headers and its block. */
    record Rec(Path file, long position, String version, String type, String target, MessageHeaders headers,
               byte[] block) {
        String header(String name) {
            return headers.first(name).orElse(null);
        }

        /** The status line and headers of the HTTP response in a response or revisit record's block. */
        HttpResponse http() {
            try {
                return HttpResponse.parseWithoutBody(Channels.newChannel(new ByteArrayInputStream(block)), null);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        /** The response's payload: what follows the header block (loomcrawl never stores a chunked body). */
        byte[] payload() {
            String text = new String(block, java.nio.charset.StandardCharsets.ISO_8859_1);
            int end = text.indexOf("\r\n\r\n");
            if (end < 0) throw new AssertionError("no end of the HTTP header block");
            return java.util.Arrays.copyOfRange(block, end + 4, block.length);
        }

        String text() {
            return new String(block, java.nio.charset.StandardCharsets.UTF_8);
        }
    }

    private WarcFixture() {}

    static List<Rec> read(List<Path> files) throws IOException {
        List<Rec> out = new ArrayList<>();
        for (Path f : files) {
            try (WarcReader reader = new WarcReader(f)) {
                reader.onWarning(w -> {
                    throw new AssertionError(f + ": " + w);
                });
                for (WarcRecord r : reader) {
                    String target = r instanceof WarcTargetRecord t ? t.target() : null;
                    out.add(new Rec(f, r.position(), r.version().toString(), r.type(), target, r.headers(),
                            r.body().stream().readAllBytes()));
                }
            }
        }
        return out;
    }

    static List<Rec> ofType(List<Rec> records, String type) {
        return records.stream().filter(r -> r.type().equals(type)).toList();
    }

    static Rec only(List<Rec> records, String type, String target) {
        List<Rec> found = records.stream().filter(r -> r.type().equals(type) && target.equals(r.target())).toList();
        if (found.size() != 1) throw new AssertionError(found.size() + " " + type + " records for " + target);
        return found.getFirst();
    }
}
