package dev.loomcrawl.fetch;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * A Content-Type header's media type (lower-cased, "" when absent) and its charset parameter (null when
 * absent).
 */
public record ContentType(String mediaType, String charset) {

    public static ContentType parse(String header) {
        if (header == null) return new ContentType("", null);
        String[] parts = header.split(";");
        String media = parts[0].trim().toLowerCase(Locale.ROOT);
        String charset = null;
        for (int i = 1; i < parts.length; i++) {
            String p = parts[i].trim();
            int eq = p.indexOf('=');
            if (eq > 0 && p.substring(0, eq).trim().equalsIgnoreCase("charset")) {
                String v = p.substring(eq + 1).trim();
                if (v.length() >= 2 && v.startsWith("\"") && v.endsWith("\"")) v = v.substring(1, v.length() - 1);
                if (!v.isEmpty()) charset = v.toLowerCase(Locale.ROOT);
            }
        }
        return new ContentType(media, charset);
    }

    /** HTML or XHTML: the types whose links are extracted. */
    public boolean isHtml() {
        return mediaType.equals("text/html") || mediaType.equals("application/xhtml+xml");
    }

    /** A stylesheet: its {@code url()} and {@code @import} references are links too. */
    public boolean isCss() {
        return mediaType.equals("text/css");
    }

    /**
     * A body as text, decoded with the charset named {@code charset}, or UTF-8 when it names none or one this JVM
     * does not know (a page's, a document's, a JSON body's: one rule).
     */
    public static String decode(byte[] body, String charset) {
        Charset cs = StandardCharsets.UTF_8;
        if (charset != null) {
            try {
                cs = Charset.forName(charset);
            } catch (IllegalArgumentException e) { // an illegal or unsupported name: UTF-8
                cs = StandardCharsets.UTF_8;
            }
        }
        return new String(body, cs);
    }
}
