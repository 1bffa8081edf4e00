package dev.loomcrawl.internal.sitemap;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.GZIPInputStream;

/** Inflates a gzipped sitemap with a bound on what it inflates to: a site's small file may inflate to gigabytes. */
final class SitemapGzip {
    /** The file inflates to more than the bound. */
    static final class TooLarge extends Exception {
        TooLarge() {
            super(null, null, false, false);
        }
    }

    private SitemapGzip() {}

    /** Whether the bytes start as a gzip stream does (1f 8b), whatever the Content-Type says. */
    static boolean isGzip(byte[] body) {
        return body.length >= 2 && body[0] == (byte) 0x1f && body[1] == (byte) 0x8b;
    }

    /** The inflated bytes (every gzip member), at most {@code max}; throws {@link TooLarge} past it. */
    static byte[] inflate(byte[] gzipped, long max) throws IOException, TooLarge {
        int cap = (int) Math.min(max, Integer.MAX_VALUE - 16);
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(gzipped), 8192)) {
            byte[] inflated = in.readNBytes(cap);
            if (in.read() >= 0) throw new TooLarge();
            return inflated;
        }
    }
}
