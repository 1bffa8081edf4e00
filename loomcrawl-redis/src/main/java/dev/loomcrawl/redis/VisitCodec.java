package dev.loomcrawl.redis;

import dev.loomcrawl.frontier.Visit;
import dev.loomcrawl.url.WebUrl;

/**
 * A {@link Visit} as one line of text in an origin's queue: URL, redirects left, depth, referrer (empty for a
 * root), deferrals, check-only, separated by spaces. A serialised URL never contains a space or a line break.
 */
final class VisitCodec {
    private VisitCodec() {}

    static String encode(Visit v) {
        return v.url() + " " + v.redirectsLeft() + " " + v.depth() + " " + (v.referrer() == null ? "-" : v.referrer())
                + " " + v.deferrals() + " " + (v.checkOnly() ? 1 : 0);
    }

    static Visit decode(String line) {
        String[] f = line.split(" ", -1);
        if (f.length != 6) throw new RedisCrawlException("a queued visit in Redis is not readable: " + line);
        return new Visit(WebUrl.parse(f[0]), Integer.parseInt(f[1]), Integer.parseInt(f[2]),
                f[3].equals("-") ? null : WebUrl.parse(f[3]), Integer.parseInt(f[4]), f[5].equals("1"));
    }
}
