package dev.loomcrawl.content;

import dev.loomcrawl.extract.PageTree;

/**
 * Whether a page says it is an article: an {@code og:type} meta of {@code article}, an {@code article:published_time}
 * meta, or an element whose schema.org {@code itemtype} ends in {@code Article} ({@code NewsArticle}...) or is
 * {@code BlogPosting}. On such a page, an article that Readability scores inside the container the page declares as
 * its main content is preferred to the container whole when it is clearly the better ({@link MainContent}): news
 * sites put newsletter boxes, "up next" videos and editors' picks in their {@code main}. JSON-LD is not read here:
 * a {@link PageTree} does not keep the text of scripts.
 */
final class ArticleMarkup {
    private ArticleMarkup() {}

    /** Whether the page {@code tree} says it is an article: one look at each element, until one says so. */
    static boolean declared(PageTree tree) {
        for (int n = 0, size = tree.size(); n < size; n++) {
            if (tree.isText(n) || tree.attributes(n) == 0) {
                continue;
            }
            if (tree.is(n, "meta")) {
                String key = tree.attr(n, "property");
                if (key.isEmpty()) {
                    key = tree.attr(n, "name");
                }
                if (key.equalsIgnoreCase("og:type") && tree.attr(n, "content").strip().equalsIgnoreCase("article")
                        || key.equalsIgnoreCase("article:published_time")) {
                    return true;
                }
            } else if (tree.hasAttr(n, "itemtype")) {
                String type = tree.attr(n, "itemtype").strip();
                if (type.endsWith("Article") || type.endsWith("/BlogPosting")) {
                    return true;
                }
            }
        }
        return false;
    }
}
