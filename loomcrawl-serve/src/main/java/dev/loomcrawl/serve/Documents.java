package dev.loomcrawl.serve;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loomcrawl.extract.Assets;
import dev.loomcrawl.extract.PageFacts;
import dev.loomcrawl.fetch.ContentType;
import dev.loomcrawl.fetch.FetchResult;
import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.result.FinishedUrl;
import dev.loomcrawl.result.FoundLink;
import dev.loomcrawl.result.PageContent;
import dev.loomcrawl.result.PageText;
import dev.loomcrawl.run.Discovery;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.UUID;

/**
 * A finished URL as Firecrawl's document: the formats asked for ({@code markdown}: loomcrawl's main content as
 * Markdown; {@code html}: the page without scripts, styles and other non-content elements; {@code rawHtml}: the
 * page as received; {@code links}: every link on it, absolute) and its {@code metadata} (title, description,
 * language, sourceURL, url, statusCode, contentType, and the page's other facts when it states them). A URL without
 * a response (a failure, a skip) or with a redirect makes no document: the failure is an error of the job's, the
 * redirect's target a document of its own.
 */
final class Documents {
    private Documents() {}

    /** Whether the finished URL makes a document: a response, not a redirect, not a sitemap file. */
    static boolean isDocument(FinishedUrl f) {
        return f.response() != null && f.record().nextUrl() == null && f.record().errorKind() == null
                && !Discovery.isSitemap(f.record());
    }

    /**
     * {@link #of} as one JSON line's bytes, for a job's results. The Markdown goes in as the conversion wrote it,
     * the content of a JSON string already ({@link PageText#json()}): made into a String and escaped again, it was
     * 8% of a job's CPU on the JDK docs, in a profile.
     */
    static byte[] line(FinishedUrl f, ScrapeOptions options) {
        return line(f, options, null);
    }

    /** {@link #line(FinishedUrl, ScrapeOptions)} with {@code sourceUrl} as its {@code sourceURL} (null: its URL). */
    static byte[] line(FinishedUrl f, ScrapeOptions options, String sourceUrl) {
        Set<Format> formats = options.formats();
        PageText md = formats.contains(Format.MARKDOWN) && f.content() != null && !asBase64(f, options)
                ? f.content().markdownAsWritten() : null;
        if (md == null || md.json() == null) return Json.bytes(of(f, options.formats(), options, sourceUrl));
        Set<Format> others = EnumSet.copyOf(formats);
        others.remove(Format.MARKDOWN);
        byte[] rest = Json.bytes(of(f, others, options, sourceUrl)); // {"metadata":{...}}: never empty
        byte[] head = "{\"markdown\":\"".getBytes(StandardCharsets.US_ASCII);
        int n = md.jsonLength();
        byte[] line = new byte[head.length + n + 2 + rest.length - 1];
        System.arraycopy(head, 0, line, 0, head.length);
        System.arraycopy(md.json(), 0, line, head.length, n);
        line[head.length + n] = '"';
        line[head.length + n + 1] = ',';
        System.arraycopy(rest, 1, line, head.length + n + 2, rest.length - 1);
        return line;
    }

    static ObjectNode of(FinishedUrl f, ScrapeOptions options, String sourceUrl) {
        return of(f, options.formats(), options, sourceUrl);
    }

    /**
     * Whether the document's Markdown is its body in base64: a PDF when the request's {@code parsers} leaves the PDF
     * parser out, as Firecrawl gives it.
     */
    private static boolean asBase64(FinishedUrl f, ScrapeOptions options) {
        return !options.pdf() && f.record().contentType() != null && f.record().contentType().contains("/pdf");
    }

    private static ObjectNode of(FinishedUrl f, Set<Format> formats, ScrapeOptions options, String sourceUrl) {
        ObjectNode doc = Json.MAPPER.createObjectNode();
        CrawlRecord r = f.record();
        PageContent content = f.content();
        if (formats.contains(Format.MARKDOWN)) {
            doc.put("markdown", asBase64(f, options) ? Base64.getEncoder().encodeToString(f.response().body())
                    : content == null ? "" : content.markdown());
        }
        if (formats.contains(Format.HTML)) doc.put("html", cleanHtml(f));
        if (formats.contains(Format.RAW_HTML)) doc.put("rawHtml", text(f.response(), r));
        if (formats.contains(Format.LINKS)) {
            ArrayNode links = doc.putArray("links");
            Set<String> seen = new LinkedHashSet<>();
            for (FoundLink l : f.links()) {
                if (l.link().target() != null && !Assets.loadedBy(l.link())) seen.add(l.link().target().toString());
            }
            seen.forEach(links::add);
        }
        ObjectNode meta = doc.putObject("metadata");
        PageFacts facts = content != null ? content.facts() : r.facts();
        if (facts != null) {
            putIf(meta, "title", facts.title());
            putIf(meta, "description", facts.description());
            putIf(meta, "language", facts.lang());
            putIf(meta, "canonical", facts.canonical());
            putIf(meta, "author", facts.author());
            putIf(meta, "publishedTime", facts.published());
            putIf(meta, "modifiedTime", facts.modified());
        }
        meta.put("sourceURL", sourceUrl != null ? sourceUrl : r.url().toString());
        meta.put("url", r.url().toString());
        if (r.status() != null) meta.put("statusCode", r.status());
        meta.put("contentType", r.contentType());
        if (content != null && content.pages() > 0) meta.put("numPages", content.pages());
        // Firecrawl's: an id per document (a webhook's page event carries the same document), and what it cost: a
        // page, or a parsed PDF's pages
        meta.put("scrapeId", UUID.randomUUID().toString());
        meta.put("creditsUsed", content != null && content.pages() > 0 && options.pdf() ? content.pages() : 1);
        boolean unread = content == null && r.error() != null && !r.contentType().contains("html");
        if (unread && Integer.valueOf(200).equals(r.status())) {
            meta.put("error", r.error()); // a document that could not be read: why it has no text
        }
        if (r.status() != null && r.status() >= 400) meta.put("error", "the server answered " + r.status());
        if (options.waitFor() != null && !r.rendered() && r.contentType() != null && r.contentType().contains("html")) {
            // Firecrawl's word for a feature its engine did not apply
            doc.put("warning", "waitFor was not applied: the page was read as served, not rendered in a browser "
                    + "(serve renders only where it finds Chromium)");
        }
        return doc;
    }

    /**
     * Whether a crawl's finished URL is a page to give as a document: HTML, or a document loomcrawl reads (a PDF,
     * JSON), or text; not what pages load (stylesheets, scripts, images, fonts: {@link Assets#byType}).
     */
    static boolean isPage(FinishedUrl f) {
        String type = f.record().contentType() == null ? "" : f.record().contentType();
        return type.isEmpty() || !Assets.byType(type) && (type.contains("html") || type.startsWith("text/")
                || type.contains("pdf") || type.contains("json") || type.contains("xml"));
    }

    private static void putIf(ObjectNode o, String name, String value) {
        if (value != null && !value.isEmpty()) o.put(name, value);
    }

    /** The body as text, in the charset it was read with. */
    static String text(FetchResult.Response response, CrawlRecord r) {
        return ContentType.decode(response.body(), r.encoding());
    }

    /** The page without what is not content: scripts, styles, templates, frames, forms' hidden inputs. */
    private static String cleanHtml(FinishedUrl f) {
        if (!f.record().contentType().contains("html")) return "";
        Document d = Jsoup.parse(text(f.response(), f.record()), f.record().url().toString());
        d.select("script, style, noscript, template, iframe, object, embed, link, meta, input[type=hidden]")
                .remove();
        return d.body() == null ? "" : d.body().outerHtml();
    }
}
