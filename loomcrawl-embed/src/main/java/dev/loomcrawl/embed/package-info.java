/**
 * The embedding model of hybrid search ({@link dev.loomcrawl.embed.BgeSmall}), the only package that pulls it: a
 * crawl and its BM25 search need nothing of it.
 */
package dev.loomcrawl.embed;
