package dev.loomcrawl;

import dev.loomcrawl.setting.BadSetting;
import dev.loomcrawl.url.WebUrl;

import java.util.List;
import java.util.Set;

/**
 * How a link checker's crawl treats links, beyond following those in scope.
 *
 * @param external     check links that leave the scope (a HEAD, or a GET when HEAD answers an error), without
 *                     crawling them; links an exclude or include pattern rejects are neither crawled nor checked
 * @param fragments    read each HTML page's anchors (the {@code id} of any element, the {@code name} of an
 *                     {@code <a>}) so that links to {@code page.html#part} can be checked against them
 * @param remaps       URL prefixes replaced in every link target before anything else is decided (a local build
 *                     checked against its published URLs); the first whose prefix matches applies
 * @param recentlyFine URLs a cache of an earlier check says answered fine recently: not checked again (a run's
 *                     own, never saved with a crawl)
 */
public record LinkCheckSettings(boolean external, boolean fragments, List<Remap> remaps, Set<String> recentlyFine) {
    /** Not a link checker. */
    public static final LinkCheckSettings NONE = new LinkCheckSettings(false, false, List.of(), Set.of());

    /**
     * Replaces the prefix {@code from} of a URL by {@code to}. Both are kept as URLs write them (host in lower case,
     * no default port, {@code /} for an empty path), so that they compare with the URLs of links.
     */
    public record Remap(String from, String to) {
        public Remap {
            WebUrl f = WebUrl.tryParse(from, null);
            WebUrl t = WebUrl.tryParse(to, null);
            if (f == null || t == null) {
                throw new BadSetting("remap", "needs two http(s) URL prefixes, got \"" + from + "\" and \""
                        + to + "\"");
            }
            from = f.toString();
            to = t.toString();
        }

        /**
         * {@code "FROM TO"}: two URL prefixes separated by white space. The bad ones fail with an
         * {@link IllegalArgumentException} saying why.
         */
        public static Remap parse(String spec) {
            String[] parts = spec.strip().split("\\s+");
            if (parts.length != 2) {
                throw new BadSetting("remap", "takes \"FROM TO\", two URL prefixes, got \"" + spec + "\"");
            }
            return new Remap(parts[0], parts[1]);
        }
    }

    public LinkCheckSettings {
        remaps = List.copyOf(remaps);
        recentlyFine = Set.copyOf(recentlyFine);
    }

    /** The URL with the first matching remap applied; the same URL when none matches (or the result is no URL). */
    public WebUrl remap(WebUrl url) {
        if (remaps.isEmpty() || url == null) return url;
        String s = url.toString();
        for (Remap r : remaps) {
            if (s.startsWith(r.from())) {
                WebUrl mapped = WebUrl.tryParse(r.to() + s.substring(r.from().length()), null);
                return mapped == null ? url : mapped;
            }
        }
        return url;
    }
}
