package dev.loomcrawl.output.warc;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.loomcrawl.internal.text.Utf16;
import org.jsoup.Jsoup;
import org.netpreserve.jwarc.HttpResponse;
import org.netpreserve.jwarc.MediaType;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcResponse;
import org.netpreserve.jwarc.WarcRevisit;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * The pages of a WACZ ({@code pages/pages.jsonl}): every HTML response (text/html or application/xhtml+xml) with
 * status 200, and every revisit of one, with the WARC-Date of its record and the page's {@code <title>} (read from
 * the first 64 KiB of the body, content encoding undone; a revisit takes its original's). Candidates come from the
 * index lines as they are merged; their records are then read at their offsets.
 */
final class WaczPages {
    /** One page: {@code id} is derived from the URL and time, so packaging the same files twice gives the same id. */
    record Page(String id, String url, Instant ts, String title) {}

    /** An index line that may be a page: a 200 HTML response, or a revisit with status 200. */
    private record Candidate(String filename, long offset) {}

    private static final JsonFactory JSON = new JsonFactory();
    private static final Set<String> HTML = Set.of("text/html", "application/xhtml+xml");
    private static final int TITLE_WITHIN = 64 * 1024;

    private final Map<String, Path> warcs = new HashMap<>();
    private final List<Candidate> candidates = new ArrayList<>();

    /** @param warcs the packaged WARC files, which the index lines name by file name */
    WaczPages(List<Path> warcs) {
        for (Path w : warcs) this.warcs.put(w.getFileName().toString(), w);
    }

    /** Notes an index line ({@code SURT TIMESTAMP {json}}) if its record may be a page. */
    void consider(String cdxjLine) {
        Map<String, String> f = fields(cdxjLine);
        String mime = f.get("mime");
        if (!"200".equals(f.get("status")) || mime == null) return;
        if (HTML.contains(mime) || mime.equals("warc/revisit")) {
            candidates.add(new Candidate(f.get("filename"), Long.parseLong(f.get("offset"))));
        }
    }

    /** Reads the candidates' records: the pages, in time order (then URL). */
    List<Page> pages() throws IOException {
        List<WarcRevisit> revisits = new ArrayList<>();
        Map<String, String> titles = new HashMap<>(); // payload digest -> title, for revisits
        List<Page> pages = new ArrayList<>();
        for (Candidate c : candidates) {
            Path file = warcs.get(c.filename());
            if (file == null) throw new IOException("the index names " + c.filename() + ", which is not packaged");
            FileChannel channel = FileChannel.open(file);
            channel.position(c.offset());
            try (WarcReader reader = new WarcReader(channel)) {
                WarcRecord r = reader.next().orElseThrow(() -> new IOException(
                        file + ": no record at offset " + c.offset() + ", which its index gives"));
                if (r instanceof WarcResponse response && isHtml(response.http())) {
                    String title = title(response.http());
                    response.payloadDigest().ifPresent(d -> titles.putIfAbsent(d.raw(), title));
                    pages.add(page(response.target(), response.date(), title));
                } else if (r instanceof WarcRevisit revisit && isHtml(revisit.http())) {
                    revisits.add(revisit);
                }
            }
        }
        for (WarcRevisit r : revisits) {
            String title = r.payloadDigest().map(d -> titles.get(d.raw())).orElse(null);
            pages.add(page(r.target(), r.date(), title));
        }
        pages.sort(Comparator.comparing(Page::ts).thenComparing(Page::url));
        return pages;
    }

    /** Writes {@code pages/pages.jsonl}: the header line, then one line per page. */
    static void write(List<Page> pages, OutputStream out) throws IOException {
        try (JsonGenerator json = JSON.createGenerator(out, JsonEncoding.UTF8)) {
            json.configure(JsonGenerator.Feature.AUTO_CLOSE_TARGET, false);
            json.setRootValueSeparator(null); // not Jackson's space before each top-level value after the first
            json.writeStartObject();
            json.writeStringField("format", "json-pages-1.0");
            json.writeStringField("id", "pages");
            json.writeStringField("title", "All Pages");
            json.writeEndObject();
            json.writeRaw('\n');
            for (Page p : pages) {
                json.writeStartObject();
                json.writeStringField("id", p.id());
                json.writeStringField("url", p.url());
                json.writeStringField("ts", p.ts().toString());
                if (p.title() != null) json.writeStringField("title", Utf16.wellFormed(p.title()));
                json.writeEndObject();
                json.writeRaw('\n');
            }
        }
    }

    private static Page page(String url, Instant ts, String title) {
        String id = UUID.nameUUIDFromBytes((ts + " " + url).getBytes(StandardCharsets.UTF_8)).toString()
                .replace("-", "");
        return new Page(id, url, ts, title);
    }

    private static boolean isHtml(HttpResponse http) {
        return http.status() == 200 && HTML.contains(http.contentType().base().toString());
    }

    /** The page's title, or null when it has none (or its body cannot be read: an unknown encoding). */
    private static String title(HttpResponse http) {
        try (InputStream body = Channels.newInputStream(http.bodyDecoded())) {
            byte[] head = body.readNBytes(TITLE_WITHIN);
            String charset = http.contentType().parameters().get("charset");
            String title = Jsoup.parse(new ByteArrayInputStream(head), charset, "").title();
            return title.isBlank() ? null : title;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The string fields of a CDXJ line's JSON block. */
    private static Map<String, String> fields(String line) {
        Map<String, String> fields = new HashMap<>();
        int json = line.indexOf(" {");
        if (json < 0) return fields;
        try (JsonParser p = JSON.createParser(line.substring(json + 1))) {
            if (p.nextToken() != JsonToken.START_OBJECT) return fields;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                p.nextToken();
                fields.put(name, p.getValueAsString());
            }
        } catch (IOException e) {
            fields.clear(); // not JSON: not a page
        }
        return fields;
    }
}
