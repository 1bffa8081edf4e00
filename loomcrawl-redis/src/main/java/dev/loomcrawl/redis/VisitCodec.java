package dev.loomcrawl.redis;

import dev.loomcrawl.frontier.Visit;
import dev.loomcrawl.url.WebUrl;

/**
 * A {@link Visit} as one line of text in an origin's queue: URL, redirects left, depth, referrer ({@code -} for a
 * root), deferrals, check-only (0/1), kind ({@code s} for a sitemap; absent for a page or check, as lines written
 * before sitemaps were visits are), separated by spaces. A serialised URL never contains a space or a line break.
 */
final class VisitCodec {
    private VisitCodec() {}

    static String encode(Visit v) {
        return v.url() + " " + v.redirectsLeft() + " " + v.depth() + " " + (v.referrer() == null ? "-" : v.referrer())
                + " " + v.deferrals() + " " + (v.checkOnly() ? 1 : 0) + (v.sitemap() ? " s" : "");
    }

    static Visit decode(String line) {
        String[] f = line.split(" ", -1);
        if (f.length != 6 && !(f.length == 7 && f[6].equals("s"))) {
            throw new RedisCrawlException("a queued visit in Redis is not readable: " + line);
        }
        Visit.Kind kind = f.length == 7 ? Visit.Kind.SITEMAP : f[5].equals("1") ? Visit.Kind.CHECK : Visit.Kind.PAGE;
        return new Visit(WebUrl.parse(f[0]), Integer.parseInt(f[1]), Integer.parseInt(f[2]),
                f[3].equals("-") ? null : WebUrl.parse(f[3]), Integer.parseInt(f[4]), kind);
    }
}
