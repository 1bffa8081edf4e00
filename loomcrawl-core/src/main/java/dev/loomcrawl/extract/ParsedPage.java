package dev.loomcrawl.extract;


import java.util.List;
import java.util.Set;

/**
 * What extraction found in a page: the charset it was decoded with, its links in document order, and the
 * {@code content} of every {@code <meta name="robots">} and {@code <meta name="loomcrawl">} (names matched
 * case-insensitively), in document order, for the crawler to read as robots directives; what the parser's
 * bounds cut; and what an HTML page says about itself.
 *
 * @param linksCut          links past the extractor's bound on links per page, not kept
 * @param attributesIgnored attributes past {@value TagToken#MAX_ATTRIBUTES} in one tag, ignored
 * @param facts             the page's title, description, language... ({@link PageFacts#NONE} for what is not
 *                          HTML, such as a stylesheet)
 * @param anchors           what a link's fragment may name on the page (every element's {@code id}, every
 *                          {@code <a>}'s {@code name}), when the extractor was asked to read them; else empty
 * @param tree              the page's DOM as {@link PageTree}, when the extractor was asked to keep it; else null
 */
public record ParsedPage(String charset, List<Link> links, List<String> robotsMeta, long linksCut,
                         long attributesIgnored, PageFacts facts, Set<String> anchors, PageTree tree) {
    public ParsedPage(String charset, List<Link> links, List<String> robotsMeta, long linksCut,
                      long attributesIgnored, PageFacts facts, Set<String> anchors) {
        this(charset, links, robotsMeta, linksCut, attributesIgnored, facts, anchors, null);
    }

    public ParsedPage(String charset, List<Link> links, List<String> robotsMeta, long linksCut,
                      long attributesIgnored, PageFacts facts) {
        this(charset, links, robotsMeta, linksCut, attributesIgnored, facts, Set.of());
    }

    public ParsedPage(String charset, List<Link> links, List<String> robotsMeta, long linksCut,
                      long attributesIgnored) {
        this(charset, links, robotsMeta, linksCut, attributesIgnored, PageFacts.NONE);
    }

    public ParsedPage(String charset, List<Link> links, List<String> robotsMeta) {
        this(charset, links, robotsMeta, 0, 0);
    }

    public ParsedPage(String charset, List<Link> links) {
        this(charset, links, List.of());
    }

    /** What the bounds cut, as a line for the page's record, or null when nothing was. */
    public String cutNote() {
        String links = linksCut == 0 ? null : "links cut: the first " + this.links.size() + " kept, " + linksCut
                + " more not (max-links-per-page)";
        String attributes = attributesIgnored == 0 ? null : attributesIgnored + " attributes ignored past "
                + TagToken.MAX_ATTRIBUTES + " in a tag";
        if (links == null) return attributes;
        return attributes == null ? links : links + "; " + attributes;
    }

    /** The same page with its links cut to the first {@code max} (counted in {@link #linksCut}). */
    public ParsedPage keepingLinks(int max) {
        if (max < 0 || links.size() <= max) return this;
        return new ParsedPage(charset, List.copyOf(links.subList(0, max)), robotsMeta,
                linksCut + links.size() - max, attributesIgnored, facts, anchors, tree);
    }
}
