package dev.loomcrawl.redis;

import dev.loomcrawl.reason.SkipReason;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.extract.PageFacts;
import dev.loomcrawl.fetch.ErrorKind;
import dev.loomcrawl.url.WebUrl;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@link CrawlRecord} as a JSON array of its fields in declaration order (compact, and readable with
 * {@code redis-cli LRANGE}): url, nextUrl, status, errorKind, error, size, contentType, encoding, numUrls,
 * numNewUrls, depth, referrer, startedAt (epoch ms), duration (ms), truncated, attempts, skipReason, robots,
 * rendered, then the page facts as an array of eight (title, description, lang, canonical, h1, published,
 * modified, author) or null, then the render reason when there is one (or null when a robots.txt cause follows),
 * then the robots.txt failure's cause when there is one (the last five absent in records written before they
 * existed).
 */
final class RecordCodec {
    private static final JsonFactory JSON = new JsonFactory();

    private RecordCodec() {}

    static String encode(CrawlRecord r) {
        StringWriter out = new StringWriter(256);
        try (JsonGenerator g = JSON.createGenerator(out)) {
            g.writeStartArray();
            g.writeString(r.url().toString());
            g.writeString(r.nextUrl());
            g.writeNumber(r.answered() ? r.status() : 0); // 0: no response
            g.writeString(r.errorKind() == null ? null : r.errorKind().name());
            g.writeString(r.error());
            g.writeNumber(r.size());
            g.writeString(r.contentType());
            g.writeString(r.encoding());
            g.writeNumber(r.numUrls());
            g.writeNumber(r.numNewUrls());
            g.writeNumber(r.depth());
            g.writeString(r.referrer() == null ? null : r.referrer().toString());
            g.writeNumber(r.startedAt().toEpochMilli());
            g.writeNumber(r.duration().toMillis());
            g.writeBoolean(r.truncated());
            g.writeNumber(r.attempts());
            g.writeString(r.skipReason() == null ? null : r.skipReason().label());
            g.writeString(r.robots());
            g.writeBoolean(r.rendered());
            PageFacts f = r.facts();
            if (f == null) {
                g.writeNull();
            } else {
                g.writeStartArray();
                for (String v : f.values()) g.writeString(v);
                g.writeEndArray();
            }
            if (r.renderReason() != null || r.robotsCause() != null) g.writeString(r.renderReason());
            if (r.robotsCause() != null) g.writeString(r.robotsCause());
            g.writeEndArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    static CrawlRecord decode(String json) {
        try (JsonParser p = JSON.createParser(json)) {
            if (p.nextToken() != JsonToken.START_ARRAY) throw new IOException("not an array");
            WebUrl url = WebUrl.parse(text(p));
            String nextUrl = text(p);
            int status = (int) number(p);
            String kind = text(p);
            String error = text(p);
            long size = number(p);
            String contentType = text(p);
            String encoding = text(p);
            int numUrls = (int) number(p);
            int numNewUrls = (int) number(p);
            int depth = (int) number(p);
            String referrer = text(p);
            Instant startedAt = Instant.ofEpochMilli(number(p));
            Duration duration = Duration.ofMillis(number(p));
            boolean truncated = p.nextToken() == JsonToken.VALUE_TRUE;
            int attempts = (int) number(p);
            SkipReason skipReason = SkipReason.of(text(p));
            JsonToken robotsToken = p.nextToken();
            String robots = robotsToken == JsonToken.VALUE_STRING ? p.getText() : null;
            boolean rendered = false;
            PageFacts facts = null;
            String renderReason = null;
            String robotsCause = null;
            if (robotsToken != JsonToken.END_ARRAY) {
                JsonToken t = p.nextToken(); // rendered, or the end (written before it was recorded)
                rendered = t == JsonToken.VALUE_TRUE;
                if (t != JsonToken.END_ARRAY) t = p.nextToken(); // the facts: an array, null, or the end
                if (t == JsonToken.START_ARRAY) {
                    List<String> values = new ArrayList<>(PageFacts.NAMES.size());
                    while (p.nextToken() != JsonToken.END_ARRAY) values.add(p.getValueAsString());
                    facts = PageFacts.ofValues(values);
                    t = p.nextToken();
                } else if (t == JsonToken.VALUE_NULL) {
                    t = p.nextToken();
                }
                if (t == JsonToken.VALUE_STRING) renderReason = p.getText();
                if (t == JsonToken.VALUE_STRING || t == JsonToken.VALUE_NULL) t = p.nextToken();
                if (t == JsonToken.VALUE_STRING) robotsCause = p.getText();
            }
            return CrawlRecord.builder(url).nextUrl(nextUrl).status(status)
                    .errorKind(kind == null ? null : ErrorKind.valueOf(kind)).error(error).size(size)
                    .contentType(contentType).encoding(encoding).numUrls(numUrls).numNewUrls(numNewUrls).depth(depth)
                    .referrer(referrer == null ? null : WebUrl.parse(referrer)).startedAt(startedAt)
                    .duration(duration).truncated(truncated).attempts(attempts).skipReason(skipReason).robots(robots)
                    .rendered(rendered).facts(facts).renderReason(renderReason).robotsCause(robotsCause).build();
        } catch (IOException | RuntimeException e) {
            throw new RedisCrawlException("a record in Redis is not readable (" + e.getMessage() + "): " + json);
        }
    }

    private static String text(JsonParser p) throws IOException {
        return p.nextToken() == JsonToken.VALUE_NULL ? null : p.getText();
    }

    private static long number(JsonParser p) throws IOException {
        p.nextToken();
        return p.getLongValue();
    }
}
