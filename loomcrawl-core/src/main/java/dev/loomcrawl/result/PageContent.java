package dev.loomcrawl.result;

import dev.loomcrawl.extract.PageFacts;

/**
 * What an HTML page says, for people, search indexes and language models: its facts and its main content
 * (navigation, headers, footers, sidebars, banners and comments left out), as plain text and as Markdown.
 *
 * @param facts    what the page says about itself (title, description, language...)
 * @param text     the main content as plain text, blocks separated by a blank line
 * @param markdown the same main content as CommonMark with GitHub tables, links and images absolute
 * @param main     whether a main content was found; false when the page's whole body was used instead
 */
public record PageContent(PageFacts facts, String text, String markdown, boolean main) {
}
