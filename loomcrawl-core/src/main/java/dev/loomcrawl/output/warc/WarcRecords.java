package dev.loomcrawl.output.warc;

import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.result.FoundLink;
import dev.loomcrawl.extract.Link;
import dev.loomcrawl.fetch.FetchResult;
import dev.loomcrawl.result.LastCapture;
import dev.loomcrawl.fetch.WireUri;
import org.netpreserve.jwarc.MediaType;
import org.netpreserve.jwarc.MessageVersion;
import org.netpreserve.jwarc.WarcCompression;
import org.netpreserve.jwarc.WarcDigest;
import org.netpreserve.jwarc.WarcMetadata;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcRequest;
import org.netpreserve.jwarc.WarcResponse;
import org.netpreserve.jwarc.WarcRevisit;
import org.netpreserve.jwarc.WarcTruncationReason;
import org.netpreserve.jwarc.WarcWriter;
import org.netpreserve.jwarc.Warcinfo;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.SequenceInputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * Builds WARC 1.1 records with jwarc and gzips each into a member of its own: warcinfo, and per fetched URL a
 * request, a response (or revisit) and a metadata record listing the outlinks. Every record has a
 * WARC-Block-Digest; responses and revisits have a WARC-Payload-Digest of the body as received. Digests are
 * SHA-1 in base 32, as most WARC tools write them.
 */
final class WarcRecords {
    private static final String DIGEST = "SHA-1";
    /** {@code <link rel>} values whose target the page loads with itself (hop E) rather than links to (L). */
    private static final Pattern EMBEDDED_LINK =
            Pattern.compile("(?i)\\b(stylesheet|icon|preload|modulepreload|manifest)\\b");

    private WarcRecords() {}

    static byte[] warcinfo(String filename, Map<String, List<String>> fields) {
        byte[] body = warcFields(fields);
        return gzip(new Warcinfo.Builder().version(MessageVersion.WARC_1_1).date(now()).filename(filename)
                .blockDigest(sha1(body)).body(MediaType.WARC_FIELDS, body).build());
    }

    /**
     * The records of one fetched URL; the revisit form is made later by {@link #revisit}, if needed. A re-crawl's
     * response that was not modified, or had the same payload, since the URL's capture in an earlier pass
     * ({@code previous}) is to be written as a revisit of that capture ({@link #revisitOfEarlierPass}).
     */
    static WarcCapture capture(CrawlRecord record, FetchResult.Response r, List<FoundLink> links,
                               LastCapture previous) {
        String target = WireUri.of(r.url()).toString();
        Instant date = record.startedAt().truncatedTo(ChronoUnit.MILLIS);
        URI responseId = URI.create("urn:uuid:" + UUID.randomUUID());
        String protocol = HttpBlocks.alpn(r.protocol());
        boolean truncated = HttpBlocks.wireTruncated(r);
        byte[] head = HttpBlocks.response(r, truncated);
        byte[] body = r.wireBody();
        WarcDigest payload = sha1(body);

        WarcResponse.Builder response = new WarcResponse.Builder(target).version(MessageVersion.WARC_1_1)
                .recordId(responseId).date(date).addHeader("WARC-Protocol", protocol)
                .blockDigest(sha1(head, body)).payloadDigest(payload)
                .body(MediaType.HTTP_RESPONSE, Channels.newChannel(new SequenceInputStream(
                        new ByteArrayInputStream(head), new ByteArrayInputStream(body))), head.length + body.length);
        if (truncated) response.truncated(WarcTruncationReason.LENGTH);

        byte[] requestHead = HttpBlocks.request(r);
        WarcRequest request = new WarcRequest.Builder(target).version(MessageVersion.WARC_1_1).date(date)
                .addHeader("WARC-Protocol", protocol).concurrentTo(responseId).blockDigest(sha1(requestHead))
                .body(MediaType.HTTP_REQUEST, requestHead).build();

        byte[] fields = outlinks(record, links);
        WarcMetadata metadata = new WarcMetadata.Builder().version(MessageVersion.WARC_1_1).targetURI(target)
                .date(date).concurrentTo(responseId).blockDigest(sha1(fields))
                .body(MediaType.WARC_FIELDS, fields).build();

        return new WarcCapture(target, date, responseId, payload, body.length, protocol, head, gzip(request),
                gzip(response.build()), gzip(metadata), earlier(record, r, previous), List.of());
    }

    /**
     * The capture of an earlier pass a 304 is a revisit of: its revisit shows the stored response as the 304 updated
     * it ({@link HttpBlocks#updatedBy304}), so that it replays; the 304 itself is the URL's record (status 304, change
     * {@code not-modified}). A response with the same payload as before is an {@code identical-payload-digest}
     * revisit through the payload index instead, which knows the payload's first record by its ID.
     */
    private static WarcCapture.Earlier earlier(CrawlRecord record, FetchResult.Response r, LastCapture previous) {
        if (previous == null || previous.archivedAt() == null || record.change() == null) return null;
        return switch (record.change()) {
            case NOT_MODIFIED -> previous.archivedHead() == null ? null // nothing to show it by: the 304 as it is
                    : new WarcCapture.Earlier(WarcRevisit.SERVER_NOT_MODIFIED_1_1, previous.archivedAt(),
                            HttpBlocks.updatedBy304(previous.archivedHead(), r));
            // the same payload: the payload index finds its first record (with a state, of any run or pass)
            case UNCHANGED, CHANGED, TEMPLATE_CHANGED, GONE -> null;
        };
    }

    /** The revisit written instead of a capture's response: its HTTP header block, referring to the original. */
    static byte[] revisit(WarcCapture c, PayloadIndex.Original original) {
        return gzip(new WarcRevisit.Builder(c.target(), WarcRevisit.IDENTICAL_PAYLOAD_DIGEST_1_1)
                .version(MessageVersion.WARC_1_1).recordId(c.responseId()).date(c.date())
                .addHeader("WARC-Protocol", c.protocol())
                .refersTo(original.recordId(), original.target(), original.date())
                .payloadDigest(c.payloadDigest()).blockDigest(sha1(c.responseHead()))
                .body(MediaType.HTTP_RESPONSE, c.responseHead()).build());
    }

    /**
     * The revisit written instead of a re-crawl's response: its HTTP header block, referring by URL and date to the
     * URL's capture in an earlier pass (that capture's record ID is not kept; the URL and date find it, as
     * {@code WARC-Refers-To-Target-URI} and {@code WARC-Refers-To-Date} are meant to). A 304 has no payload, so no
     * payload digest.
     */
    static byte[] revisitOfEarlierPass(WarcCapture c) {
        byte[] head = c.earlier().head();
        WarcRevisit.Builder b = new WarcRevisit.Builder(c.target(), c.earlier().profile())
                .version(MessageVersion.WARC_1_1).recordId(c.responseId()).date(c.date())
                .addHeader("WARC-Protocol", c.protocol())
                .addHeader("WARC-Refers-To-Target-URI", c.target())
                .addHeader("WARC-Refers-To-Date", c.earlier().date().truncatedTo(ChronoUnit.MILLIS).toString())
                .blockDigest(sha1(head));
        return gzip(b.body(MediaType.HTTP_RESPONSE, head).build());
    }

    /**
     * The metadata record's fields, as Heritrix writes them: {@code via} (the referrer), {@code fetchTimeMs},
     * and one {@code outlink: URL HOP ELEMENT/@ATTRIBUTE} per link found (hop L for a navigation link, E for
     * an embed, R for a redirect or a meta refresh).
     */
    static byte[] outlinks(CrawlRecord record, List<FoundLink> links) {
        Map<String, List<String>> fields = new LinkedHashMap<>();
        if (record.referrer() != null) fields.put("via", List.of(record.referrer().toString()));
        fields.put("fetchTimeMs", List.of(Long.toString(record.duration().toMillis())));
        List<String> outlinks = new ArrayList<>(links.size() + 1);
        if (record.nextUrl() != null) outlinks.add(record.nextUrl() + " R location");
        for (FoundLink f : links) {
            Link l = f.link();
            if (l.fetchable()) outlinks.add(l.target() + " " + hop(l) + " " + l.element() + "/@" + l.attribute());
        }
        if (!outlinks.isEmpty()) fields.put("outlink", outlinks);
        return warcFields(fields);
    }

    /** The application/warc-fields body: one "name: value" line per value. */
    static byte[] warcFields(Map<String, List<String>> fields) {
        StringBuilder sb = new StringBuilder(256);
        fields.forEach((name, values) -> values.forEach(v -> sb.append(name).append(": ").append(v).append("\r\n")));
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static String hop(Link l) {
        return switch (l.element()) {
            case "a", "area" -> "L";
            case "meta" -> "R";
            case "link" -> EMBEDDED_LINK.matcher(l.rel()).find() ? "E" : "L";
            default -> "E";
        };
    }

    static WarcDigest sha1(byte[]... parts) {
        try {
            MessageDigest md = MessageDigest.getInstance(DIGEST);
            for (byte[] p : parts) md.update(p);
            return new WarcDigest(md);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-1", e);
        }
    }

    /** The records, each compressed as a gzip member of its own (jwarc finishes a member per record). */
    static byte[] gzip(WarcRecord... records) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (WarcWriter writer = new WarcWriter(Channels.newChannel(bytes), WarcCompression.GZIP)) {
            for (WarcRecord r : records) writer.write(r);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // in memory: does not happen
        }
        return bytes.toByteArray();
    }

    private static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MILLIS);
    }
}
