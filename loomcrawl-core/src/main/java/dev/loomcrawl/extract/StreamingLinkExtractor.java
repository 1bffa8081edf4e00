package dev.loomcrawl.extract;

import dev.loomcrawl.url.WebUrl;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.util.concurrent.atomic.LongAdder;

/**
 * Link extraction in one pass over the page's characters, without building a DOM, giving exactly what
 * {@link JsoupLinkExtractor} gives: the same charset, the same links in the same document order, with the
 * same anchor text, rel and hreflang, the same robots metas, and the same page facts. What counts as a link (also those that cannot be
 * fetched, CSS in {@code <style>} and {@code style} attributes) is listed in {@link JsoupLinkExtractor}.
 *
 * <p>How: {@link PageCharset} decides the charset as jsoup does; {@link HtmlTokenizer} cuts the text into
 * tokens by jsoup's tokenizer rules (comments, bogus comments, doctype, raw text and RCDATA elements, script
 * escapes, attributes quoted or not, first of duplicate attributes wins, character references decoded by
 * jsoup's own {@code Parser.unescapeEntities}); {@link TreeShadow} follows jsoup's tree builder on a stack of
 * element names, which decides where elements really start and end (implied and misnested tags, cloned
 * formatting elements such as an {@code <a>} reopened after {@code </p>}, ignored tags, {@code <image>} read
 * as {@code img}, SVG and MathML); {@link ElementText} applies {@code Element.text()}'s spacing rules; and
 * {@link LinkCollector} applies {@link JsoupLinkExtractor}'s element and attribute rules
 * ({@link UrlAttributes}, {@link CssLinks}). {@link FactsCollector} reads the page's facts in the same pass
 * (title, description, language, canonical URL, first heading, dates, author), as {@link DomFacts} reads them
 * from jsoup's DOM.
 *
 * <p>Pages whose links depend on tree surgery that cannot be done in one pass in document order are handed
 * to {@link JsoupLinkExtractor} whole, so they too get jsoup's result: content foster-parented out of a
 * table, an {@code </a>} (or other formatting end tag) misnested around a block, {@code <template>},
 * {@code <frameset>}, HTML inside SVG/MathML integration points, CDATA in foreign content, NUL characters,
 * a second {@code <html>} or {@code <body>} tag whose attributes hold links, and a few rarer cases (see
 * {@link Unsupported}'s uses). {@link #fallbacks()} counts them.
 *
 * <p>Known differences from {@link JsoupLinkExtractor}: a Content-Type charset that is not even a legal
 * charset name ({@code ""}, {@code "utf-8;"}) makes it throw {@code IllegalCharsetNameException}; here it is
 * ignored, as an unsupported name is. Both read a page of more than {@link JsoupLinkExtractor#MAX_NULS} NUL bytes
 * without them, where jsoup itself gives U+FFFD for each NUL in a tag, title, comment or script (a bound: see
 * {@link JsoupLinkExtractor#MAX_NULS}).
 * Otherwise none is known: {@code StreamingLinkExtractorTest} compares
 * both on all 15,740 pages of the Python, JDK, Boost and PostgreSQL docs, on hand-written tricky pages and
 * on random tag soup, with zero tolerance; during development, over 400,000 random and mutated pages showed
 * no difference once two anchor-text spacing bugs were fixed, and 580,000 more once the links of issue 12
 * were added (see decision 0006). A page could still differ if it needs a tree-builder rule that is
 * neither reproduced nor detected here.
 */
public final class StreamingLinkExtractor implements LinkExtractor {
    /** Links kept per page by default: the largest index pages of the JDK and Python docs have 25,000. */
    public static final int MAX_LINKS_PER_PAGE = 100_000;

    private final JsoupLinkExtractor fallback;
    private final LongAdder fallbacks = new LongAdder();
    private final int maxLinks;
    private final boolean anchors;

    /** Keeps up to {@link #MAX_LINKS_PER_PAGE} links of a page. */
    public StreamingLinkExtractor() {
        this(MAX_LINKS_PER_PAGE);
    }

    /**
     * Keeps the first {@code maxLinks} links of a page (negative: all); the rest are counted
     * ({@link ParsedPage#linksCut()}) as they are found, never collected.
     */
    public StreamingLinkExtractor(int maxLinks) {
        this(maxLinks, false);
    }

    /** As {@link #StreamingLinkExtractor(int)}; with {@code anchors}, each page's anchors are read too. */
    public StreamingLinkExtractor(int maxLinks, boolean anchors) {
        this.maxLinks = maxLinks;
        this.anchors = anchors;
        this.fallback = new JsoupLinkExtractor(anchors);
    }

    @Override
    public ParsedPage extract(byte[] body, String headerCharset, WebUrl url) {
        return extract(body, headerCharset, url, false);
    }

    /** With {@code tree}, the page's DOM is recorded in the same pass ({@link PageTree}) and kept. */
    @Override
    public ParsedPage extract(byte[] body, String headerCharset, WebUrl url, boolean tree) {
        try {
            return stream(body, headerCharset, url, maxLinks, anchors, tree);
        } catch (Unsupported e) {
            fallbacks.increment();
            return fallback.extract(body, headerCharset, url, tree).keepingLinks(maxLinks);
        }
    }

    private static ParsedPage stream(byte[] body, String headerCharset, WebUrl url, int maxLinks, boolean anchors,
                                     boolean keepTree) {
        PageCharset charset = PageCharset.of(body, headerCharset);
        CharBuffer chars = decode(body, charset);
        LinkCollector links = new LinkCollector(maxLinks);
        FactsCollector facts = new FactsCollector();
        AnchorCollector anchorSink = anchors ? new AnchorCollector() : null;
        ElementSink sinks = new SinkPair(links, facts);
        TreeShadow tree = new TreeShadow(chars.array(), anchorSink == null ? sinks : new SinkPair(sinks, anchorSink));
        HtmlTokenizer tokenizer = new HtmlTokenizer(chars.array(), chars.limit(), tree);
        tree.tokenizer = tokenizer;
        if (keepTree) tree.recorder = new PageTree.Builder(chars.array());
        tokenizer.run();
        WebUrl base = links.base(url);
        return new ParsedPage(charset.name(), links.links(base), links.robotsMeta(), links.cut(),
                tokenizer.ignoredAttributes(), facts.facts(base),
                anchorSink == null ? java.util.Set.of() : anchorSink.anchors(),
                keepTree ? tree.recorder.tree() : null);
    }

    /**
     * Decodes into a char array (what the tokenizer scans), replacing malformed input as jsoup's reader and
     * {@code new String} do; throws {@link Unsupported} for a NUL character, which jsoup's tokenizer treats
     * specially in every state. In a charset where every byte below 0x80 is that ASCII character and starts no
     * sequence (UTF-8, ISO-8859-*, windows-125*), the ASCII run the page starts with, often all of it, is copied
     * in the same pass that looks for NUL; the charset's decoder takes over at the first other byte.
     */
    private static CharBuffer decode(byte[] body, PageCharset charset) {
        CharsetDecoder decoder = charset.charset().newDecoder()
                .onMalformedInput(CodingErrorAction.REPLACE).onUnmappableCharacter(CodingErrorAction.REPLACE);
        int from = charset.skip();
        int length = body.length - from;
        char[] a = new char[(int) (length * (double) decoder.maxCharsPerByte()) + 4];
        int ascii = 0;
        if (PageCharset.asciiCompatible(charset.charset())) {
            // eight bytes a step, tested at once (a byte of 0 or above 0x7F is negative less one): C1, the
            // launcher's only compiler, makes no vector loop of its own; the byte loop below finds where it stops
            for (int limit = length - 8; ascii <= limit; ascii += 8) {
                int p = from + ascii;
                byte b0 = body[p], b1 = body[p + 1], b2 = body[p + 2], b3 = body[p + 3], b4 = body[p + 4],
                        b5 = body[p + 5], b6 = body[p + 6], b7 = body[p + 7];
                if (((b0 - 1) | (b1 - 1) | (b2 - 1) | (b3 - 1) | (b4 - 1) | (b5 - 1) | (b6 - 1) | (b7 - 1)) < 0) break;
                a[ascii] = (char) b0;
                a[ascii + 1] = (char) b1;
                a[ascii + 2] = (char) b2;
                a[ascii + 3] = (char) b3;
                a[ascii + 4] = (char) b4;
                a[ascii + 5] = (char) b5;
                a[ascii + 6] = (char) b6;
                a[ascii + 7] = (char) b7;
            }
            for (; ascii < length; ascii++) {
                byte b = body[from + ascii];
                if (b <= 0) {
                    if (b == 0) throw new Unsupported("NUL character");
                    break;
                }
                a[ascii] = (char) b;
            }
        }
        CharBuffer out = CharBuffer.wrap(a);
        out.position(ascii);
        if (ascii < length) {
            CoderResult result = decoder.decode(ByteBuffer.wrap(body, from + ascii, length - ascii), out, true);
            if (result.isOverflow()) throw new Unsupported("decoding overflow");
            decoder.flush(out);
            for (int i = ascii, n = out.position(); i < n; i++) {
                if (a[i] == 0) throw new Unsupported("NUL character");
            }
        }
        out.flip();
        return out;
    }

    /** How many pages were handed to jsoup because they need tree rules not reproduced here. */
    public long fallbacks() {
        return fallbacks.sum();
    }

    /** Why this page would be handed to jsoup, or null if the streaming pass handles it (for tests). */
    static String unsupportedReason(byte[] body, String headerCharset, WebUrl url) {
        try {
            stream(body, headerCharset, url, -1, false, false);
            return null;
        } catch (Unsupported e) {
            return e.getMessage();
        }
    }
}
