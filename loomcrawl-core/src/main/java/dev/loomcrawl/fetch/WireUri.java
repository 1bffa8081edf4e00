package dev.loomcrawl.fetch;

import dev.loomcrawl.url.WebUrl;

import java.net.URI;

/**
 * The {@link URI} handed to the HTTP client. The WHATWG serialisation leaves a few characters unescaped that
 * {@code java.net.URI} rejects ('|', '[', ']', '{', '}', '^', '`', '\', a '%' not followed by two hex digits);
 * only for such URLs are those characters percent-encoded, as servers decode them to the same bytes.
 */
public final class WireUri {
    private WireUri() {}

    /** The URI sent for {@code url}: its serialisation, escaped only where {@code java.net.URI} needs it. */
    public static URI of(WebUrl url) {
        String s = url.toString();
        try {
            return new URI(s);
        } catch (java.net.URISyntaxException e) {
            return URI.create(escape(s, s.indexOf('/', url.scheme().length() + 3)));
        }
    }

    private static String escape(String s, int pathStart) {
        StringBuilder sb = new StringBuilder(s.length() + 16).append(s, 0, pathStart);
        for (int i = pathStart; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '%' && !(i + 2 < s.length() && isHex(s.charAt(i + 1)) && isHex(s.charAt(i + 2)))) {
                sb.append("%25");
            } else if ("|[]{}^`\\\"<> ".indexOf(c) >= 0 || c < 0x20 || c >= 0x7F) {
                sb.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4 & 0xF, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 0xF, 16)));
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    private static boolean isHex(char c) {
        return Character.digit(c, 16) >= 0;
    }
}
