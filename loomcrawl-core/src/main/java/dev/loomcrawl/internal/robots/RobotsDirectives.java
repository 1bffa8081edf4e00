package dev.loomcrawl.internal.robots;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a page asks of crawlers beyond robots.txt: the directives of its {@code <meta name="robots">} (and
 * {@code <meta name="loomcrawl">}) elements and its {@code X-Robots-Tag} headers, as Google documents them.
 * Directives are comma-separated and case-insensitive; {@code none} means {@code noindex, nofollow}; unknown
 * ones ({@code nosnippet}, {@code max-image-preview:…}, {@code unavailable_after: …}) are ignored. An
 * {@code X-Robots-Tag} value may start with a user-agent token and a colon ({@code otherbot: noindex}): it then
 * applies only when that token is ours. Every source that applies adds its directives (the most restrictive
 * wins, as Google does).
 *
 * @param noindex   the page asks not to be indexed (kept on the record; outputs say what they do with it)
 * @param nofollow  the page asks that its links not be followed (the crawl lists them, does not follow them)
 * @param noarchive the page asks that no cached copy be shown (kept on the record)
 */
public record RobotsDirectives(boolean noindex, boolean nofollow, boolean noarchive) {
    public static final RobotsDirectives NONE = new RobotsDirectives(false, false, false);

    /**
     * The directives of the page's robots metas (their {@code content}) and X-Robots-Tag headers together, for a
     * crawler whose product token (see {@link #agentToken}) is {@code agentToken}.
     */
    public static RobotsDirectives of(List<String> metaContents, List<Map.Entry<String, String>> headers,
                                      String agentToken) {
        RobotsDirectives d = NONE;
        for (String content : metaContents) d = d.and(parse(content));
        for (Map.Entry<String, String> h : headers) {
            if (h.getKey().equalsIgnoreCase("x-robots-tag")) d = d.and(header(h.getValue(), agentToken));
        }
        return d;
    }

    /** One {@code X-Robots-Tag} value: directives, optionally behind a user-agent token meant for someone else. */
    static RobotsDirectives header(String value, String agentToken) {
        int colon = value.indexOf(':');
        int comma = value.indexOf(',');
        if (colon > 0 && (comma < 0 || colon < comma)) {
            String first = value.substring(0, colon).strip();
            if (!isDirectiveWithValue(first)) { // "otherbot: noindex": a user-agent prefix
                return first.equalsIgnoreCase(agentToken) ? parse(value.substring(colon + 1)) : NONE;
            }
        }
        return parse(value);
    }

    private static boolean isDirectiveWithValue(String name) {
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "unavailable_after", "max-snippet", "max-image-preview", "max-video-preview" -> true;
            default -> false;
        };
    }

    /** A comma-separated list of directives. */
    public static RobotsDirectives parse(String content) {
        boolean noindex = false, nofollow = false, noarchive = false;
        if (content == null) return NONE;
        for (String raw : content.split(",")) {
            switch (raw.strip().toLowerCase(Locale.ROOT)) {
                case "noindex" -> noindex = true;
                case "nofollow" -> nofollow = true;
                case "none" -> noindex = nofollow = true;
                case "noarchive", "nocache" -> noarchive = true;
                default -> { }
            }
        }
        return new RobotsDirectives(noindex, nofollow, noarchive);
    }

    /** Both sets of directives: what either asks. */
    public RobotsDirectives and(RobotsDirectives o) {
        return o == NONE ? this : new RobotsDirectives(noindex || o.noindex, nofollow || o.nofollow,
                noarchive || o.noarchive);
    }

    /** The directives that the crawl keeps on the record, as they are written: e.g. {@code [noindex, noarchive]}. */
    public List<String> names() {
        List<String> names = new ArrayList<>(3);
        if (noindex) names.add("noindex");
        if (nofollow) names.add("nofollow");
        if (noarchive) names.add("noarchive");
        return names;
    }

    /** The names joined with commas, or null when there are none (how records store them). */
    public String label() {
        return this.equals(NONE) ? null : String.join(",", names());
    }

    /** Directives from a label written by {@link #label()}. */
    public static RobotsDirectives ofLabel(String label) {
        return label == null ? NONE : parse(label);
    }

    /** The product token X-Robots-Tag prefixes are matched against: the one robots.txt groups are matched against. */
    public static String agentToken(String userAgent) {
        return RobotsGate.agentToken(userAgent);
    }
}
