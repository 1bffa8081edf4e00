package dev.loomcrawl.extract;

import dev.loomcrawl.url.WebUrl;

import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.StandardCharsets;
import java.nio.charset.UnsupportedCharsetException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The links in CSS, found with the tokenizer rules of CSS Syntax Level 3: {@code url(x)} unquoted (with its
 * escapes, {@code url(a\)b)}) or quoted ({@code url("x")}, {@code url('x')}), the strings of
 * {@code image-set()} and {@code -webkit-image-set()}, and {@code @import "x"} / {@code @import url(x)}.
 * Comments, strings and escapes (also in names: {@code \75rl(x)} is a {@code url(x)}) mean what they mean to
 * a browser; a bad url or bad string (a quote or a newline where none may be) gives nothing, as in a browser.
 * {@code @namespace url(x)} names a namespace, not a resource: it is skipped. An {@code @import} is reported
 * wherever it stands, although a browser ignores one that follows other rules.
 *
 * <p>Used for the text of {@code <style>} elements and for {@code style="..."} attributes by both HTML
 * extractors, and for whole stylesheets by {@link #extract}. In a stylesheet a link's element is
 * {@code "css"} and its attribute {@code "url"} (a {@code url()} or an {@code image-set()} string) or
 * {@code "import"}; anchor text and rel are "". An empty {@code url()} resolves, by CSS Values 4, to an
 * invalid resource, not to the stylesheet: it is a link with a null target.
 */
public final class CssLinks {
    /** A reference found in CSS: the URL as written (escapes resolved) and whether an {@code @import} holds it. */
    record Ref(String url, boolean imported) {
        /** The link, resolved against the base URL; an empty {@code url()} is an invalid resource (null target). */
        Link link(WebUrl base, String element, String attribute) {
            WebUrl target = url.isEmpty() ? null : Link.resolve(base, url);
            return new Link(target, Link.asWritten(url), element, attribute, "", "");
        }
    }

    /** Labels that the Encoding standard reads as windows-1252 and the JDK as ISO-8859-1 or US-ASCII. */
    private static final Set<String> WINDOWS_1252 = Set.of("ascii", "us-ascii", "iso-8859-1", "iso8859-1", "iso88591",
            "iso_8859-1", "iso_8859-1:1987", "latin1", "l1", "cp1252", "x-cp1252", "ansi_x3.4-1968", "cp819", "ibm819",
            "iso-ir-100", "csisolatin1");

    private CssLinks() {}

    /**
     * The links of a stylesheet (a {@code text/css} response body), resolved against the stylesheet's URL. The
     * charset is chosen as browsers choose it for CSS: a byte-order mark, else the Content-Type charset, else
     * {@code @charset "x";} at the very start of the bytes (UTF-16 named there means UTF-8), else UTF-8.
     *
     * @param body          the decoded (not content-encoded) body bytes
     * @param headerCharset the Content-Type charset parameter, or null
     * @param url           the URL the stylesheet was fetched from
     */
    public static ParsedPage extract(byte[] body, String headerCharset, WebUrl url) {
        return extract(body, headerCharset, url, -1);
    }

    /** As {@link #extract(byte[], String, WebUrl)}, keeping the first {@code maxLinks} (negative: all). */
    public static ParsedPage extract(byte[] body, String headerCharset, WebUrl url, int maxLinks) {
        Charset charset = charset(body, headerCharset);
        int skip = bomLength(body); // a BOM decides the charset, so it is always the charset's own
        String css = new String(body, skip, body.length - skip, charset); // malformed bytes become U+FFFD
        List<Ref> refs = scan(css);
        int kept = maxLinks < 0 ? refs.size() : Math.min(maxLinks, refs.size());
        List<Link> links = new ArrayList<>(kept);
        for (Ref ref : refs.subList(0, kept)) { // only those kept are resolved
            links.add(ref.link(url, "css", ref.imported() ? "import" : "url"));
        }
        return new ParsedPage(charset.name().toLowerCase(Locale.ROOT), links, List.of(), refs.size() - kept, 0);
    }

    /** The charset a stylesheet is decoded with (CSS Syntax Level 3, "determine the fallback encoding"). */
    static Charset charset(byte[] b, String headerCharset) {
        Charset bom = bom(b);
        if (bom != null) return bom;
        Charset header = forLabel(headerCharset);
        if (header != null) return header;
        Charset declared = forLabel(atCharset(b));
        if (declared == null || declared.name().startsWith("UTF-16")) return StandardCharsets.UTF_8;
        return declared;
    }

    /** The charset of the byte-order mark opening the bytes, or null. */
    private static Charset bom(byte[] b) {
        if (b.length >= 3 && b[0] == (byte) 0xEF && b[1] == (byte) 0xBB && b[2] == (byte) 0xBF) return StandardCharsets.UTF_8;
        if (b.length >= 2 && b[0] == (byte) 0xFE && b[1] == (byte) 0xFF) return StandardCharsets.UTF_16BE;
        if (b.length >= 2 && b[0] == (byte) 0xFF && b[1] == (byte) 0xFE) return StandardCharsets.UTF_16LE;
        return null;
    }

    private static int bomLength(byte[] b) {
        Charset bom = bom(b);
        return bom == null ? 0 : bom == StandardCharsets.UTF_8 ? 3 : 2;
    }

    /** The label of {@code @charset "label";} opening the bytes exactly so (within 1,024 bytes), or null. */
    private static String atCharset(byte[] b) {
        byte[] prefix = "@charset \"".getBytes(StandardCharsets.US_ASCII);
        if (b.length < prefix.length + 2) return null;
        for (int i = 0; i < prefix.length; i++) {
            if (b[i] != prefix[i]) return null;
        }
        for (int i = prefix.length; i + 1 < Math.min(b.length, 1024); i++) {
            if (b[i] == '"') {
                return b[i + 1] == ';' ? new String(b, prefix.length, i - prefix.length, StandardCharsets.ISO_8859_1) : null;
            }
        }
        return null;
    }

    /** The charset of an encoding label as the Encoding standard reads it (Latin-1 and ASCII are windows-1252). */
    private static Charset forLabel(String label) {
        if (label == null) return null;
        String name = label.strip().toLowerCase(Locale.ROOT);
        if (name.isEmpty()) return null;
        if (name.equals("utf-16")) return StandardCharsets.UTF_16LE;
        if (WINDOWS_1252.contains(name)) name = "windows-1252";
        try {
            return Charset.forName(name);
        } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
            return null;
        }
    }

    /**
     * Whether {@code css} could hold a link: it has a backslash (an escape may spell anything), an '@' (an
     * {@code @import}), or a '(' after an 'l' ({@code url(}) or a 't' ({@code image-set(}). False means
     * {@link #scan} finds nothing; it is how the extractors skip most style attributes cheaply.
     */
    static boolean mayHoldLinks(String css) {
        for (int i = 0; i < css.length(); i++) {
            if (signalsLink(css.charAt(i), i > 0 ? css.charAt(i - 1) : ' ')) return true;
        }
        return false;
    }

    /** {@link #mayHoldLinks(String)} for the characters {@code [start, end)} of a page. */
    static boolean mayHoldLinks(char[] c, int start, int end) {
        for (int i = start; i < end; i++) {
            if (signalsLink(c[i], i > start ? c[i - 1] : ' ')) return true;
        }
        return false;
    }

    private static boolean signalsLink(char ch, char prev) {
        return ch == '\\' || ch == '@' || (ch == '(' && (prev == 'l' || prev == 'L' || prev == 't' || prev == 'T'));
    }

    /** The references in CSS text, in order. */
    static List<Ref> scan(String css) {
        if (!mayHoldLinks(css)) return List.of();
        return new CssScanner(css).run();
    }

    /** The references a {@code style} attribute can hold: its {@code url()}s ({@code @import} has no place there). */
    static List<Ref> scanDeclarations(String css) {
        List<Ref> refs = scan(css);
        if (refs.isEmpty()) return refs;
        List<Ref> urls = new ArrayList<>(refs.size());
        for (Ref ref : refs) {
            if (!ref.imported()) urls.add(ref);
        }
        return urls;
    }
}
