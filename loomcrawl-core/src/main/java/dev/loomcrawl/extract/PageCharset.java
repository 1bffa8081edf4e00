package dev.loomcrawl.extract;

import org.jsoup.nodes.Comment;
import org.jsoup.nodes.XmlDeclaration;

import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The charset a page is decoded with, decided as jsoup 1.24 decides it ({@code DataUtil.detectCharset}): a
 * byte-order mark; else the Content-Type charset if the JDK supports it; else the first {@code <meta charset>}
 * or {@code <meta http-equiv=Content-Type>} in the page's first 5,120 bytes (read as UTF-8 and tokenized with
 * the same rules as the page), or an {@code <?xml encoding?>} declaration opening the page; else UTF-8.
 *
 * @param charset  what to decode with
 * @param name     the name to report (jsoup reports UTF-8 for a charset that cannot encode)
 * @param skip     bytes to skip (a UTF-8 BOM)
 */
record PageCharset(Charset charset, String name, int skip) {
    static final int PRESCAN_BYTES = 5120;
    private static final int FIRST_LOOK = 1024;
    private static final Pattern QUOTES = Pattern.compile("[\"']");
    private static final Pattern CHARSET = Pattern.compile("(?i)\\bcharset=\\s*(?:[\"'])?([^\\s,;\"']*)");

    static PageCharset of(byte[] body, String headerCharset) {
        String bom = bom(body);
        if (bom != null) return named(bom, bom.equals("UTF-8") ? 3 : 0);
        if (headerCharset != null && supported(headerCharset)) return named(headerCharset, 0);
        String found = prescan(body);
        if (found != null && !found.equalsIgnoreCase("UTF-8")) return named(found.trim().replaceAll("[\"']", ""), 0);
        return named("UTF-8", 0);
    }

    /**
     * Whether every byte below 0x80 is that ASCII character and starts no sequence (UTF-8, ISO-8859-*,
     * windows-125*): then a NUL byte is the NUL character, and an ASCII byte the character it is.
     */
    static boolean asciiCompatible(Charset charset) {
        String name = charset.name();
        return charset == StandardCharsets.UTF_8 || name.equals("US-ASCII") || name.startsWith("ISO-8859-")
                || name.startsWith("windows-125");
    }

    private static PageCharset named(String charsetName, int skip) {
        Charset charset = charsetName.equals("UTF-8") ? StandardCharsets.UTF_8 : Charset.forName(charsetName);
        String name = charset.canEncode() ? charset.name() : StandardCharsets.UTF_8.name();
        return new PageCharset(charset, name.toLowerCase(Locale.ROOT), skip);
    }

    private static boolean supported(String name) {
        try {
            return Charset.isSupported(name);
        } catch (IllegalCharsetNameException e) {
            return false; // JsoupLinkExtractor then parses as if there were no header charset
        }
    }

    private static String bom(byte[] b) {
        byte b0 = b.length > 0 ? b[0] : 0, b1 = b.length > 1 ? b[1] : 0, b2 = b.length > 2 ? b[2] : 0,
                b3 = b.length > 3 ? b[3] : 0;
        if ((b0 == 0 && b1 == 0 && b2 == (byte) 0xFE && b3 == (byte) 0xFF)
                || (b0 == (byte) 0xFF && b1 == (byte) 0xFE && b2 == 0 && b3 == 0)) {
            return "UTF-32";
        }
        if ((b0 == (byte) 0xFE && b1 == (byte) 0xFF) || (b0 == (byte) 0xFF && b1 == (byte) 0xFE)) return "UTF-16";
        if (b0 == (byte) 0xEF && b1 == (byte) 0xBB && b2 == (byte) 0xBF) return "UTF-8";
        return null;
    }

    /**
     * The validated charset named in the page's first bytes, or null. The first {@value #FIRST_LOOK} bytes are
     * looked at on their own first: most pages name their charset there, and a {@code <meta>} found in a shorter
     * prefix is the one the whole prefix gives (the tokens before it are the same, and the tokenizer emits a tag
     * only once it has seen its end), so only a page that names none early is decoded and tokenized to
     * {@value #PRESCAN_BYTES} bytes. On the JDK docs (scripts/bench/profile) the prescan went from 2.9% of the
     * crawl's CPU to 1.9%.
     */
    private static String prescan(byte[] body) {
        if (body.length > FIRST_LOOK) {
            String early = prescan(body, FIRST_LOOK, false);
            if (early != null) return early;
        }
        return prescan(body, Math.min(body.length, PRESCAN_BYTES), true);
    }

    /** The charset the first {@code length} bytes name; {@code whole}: they are the whole prefix jsoup reads. */
    private static String prescan(byte[] body, int length, boolean whole) {
        char[] prefix = new String(body, 0, length, StandardCharsets.UTF_8).toCharArray();
        MetaCharsets metas = new MetaCharsets();
        TreeShadow tree = new TreeShadow(prefix, metas);
        try {
            HtmlTokenizer tokenizer = new HtmlTokenizer(prefix, prefix.length, tree);
            tree.tokenizer = tokenizer;
            tokenizer.run();
        } catch (MetaCharsets.Found found) {
            return validate(metas.charset);
        }
        if (whole && tree.firstComment != null) { // an early look's cut comment is not the page's
            Comment comment = new Comment(tree.firstComment);
            if (comment.isXmlDeclaration()) {
                XmlDeclaration decl = comment.asXmlDeclaration();
                if (decl != null && decl.name().equalsIgnoreCase("xml")) return validate(decl.attr("encoding"));
            }
        }
        return null;
    }

    /** The charset of a Content-Type value, if supported (jsoup's getCharsetFromContentType). */
    static String fromContentType(String contentType) {
        Matcher m = CHARSET.matcher(contentType);
        if (!m.find()) return null;
        return validate(m.group(1).trim().replace("charset=", ""));
    }

    static String validate(String cs) {
        if (cs == null || cs.isEmpty()) return null;
        cs = QUOTES.matcher(cs.trim()).replaceAll("");
        try {
            if (Charset.isSupported(cs)) return cs;
            cs = cs.toUpperCase(Locale.ENGLISH);
            if (Charset.isSupported(cs)) return cs;
        } catch (IllegalCharsetNameException e) {
            // not a charset name
        }
        return null;
    }
}
