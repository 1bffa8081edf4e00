/**
 * What a page says: its main content ({@link dev.loomcrawl.content.MainContent}), as Markdown
 * ({@link dev.loomcrawl.content.Markdown}) and plain text ({@link dev.loomcrawl.content.PlainText}), and cut into
 * chunks for retrieval ({@link dev.loomcrawl.content.Chunks}). Works on a jsoup DOM; depends on nothing of the
 * crawl's but the result values.
 */
package dev.loomcrawl.content;
