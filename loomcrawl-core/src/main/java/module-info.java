/**
 * loomcrawl's core: the crawler and what a program that crawls with it uses. The exported packages are the library's
 * API (settings, the crawler, its results and reasons, scraping, sessions) and the parts a program may put in a
 * crawl of its own (a frontier, a state store, a fetcher, a renderer, outputs). The rest is the engine: packages a
 * program cannot reach on the module path, and should not on the class path, whose types change without notice.
 */
module dev.loomcrawl.core {
    requires transitive org.eclipse.jetty.client;
    requires org.eclipse.jetty.http2.client.transport;
    requires org.eclipse.jetty.alpn.java.client;
    requires transitive org.jsoup;
    requires crawler.commons;
    requires re2j;
    requires dec;
    requires jwarc;
    requires com.fasterxml.jackson.core;
    requires org.apache.commons.csv;
    requires org.slf4j;
    requires it.unimi.dsi.fastutil.core;
    requires java.xml;

    uses dev.loomcrawl.content.DocumentConverter;
    uses dev.loomcrawl.content.TextEmbedder;

    exports dev.loomcrawl;
    exports dev.loomcrawl.config;
    exports dev.loomcrawl.content;
    exports dev.loomcrawl.extract;
    exports dev.loomcrawl.files;
    exports dev.loomcrawl.fetch;
    exports dev.loomcrawl.frontier;
    exports dev.loomcrawl.journal;
    exports dev.loomcrawl.limits;
    exports dev.loomcrawl.output;
    exports dev.loomcrawl.output.lines;
    exports dev.loomcrawl.output.pages;
    exports dev.loomcrawl.output.warc;
    exports dev.loomcrawl.politeness;
    exports dev.loomcrawl.reason;
    exports dev.loomcrawl.render;
    exports dev.loomcrawl.report;
    exports dev.loomcrawl.result;
    exports dev.loomcrawl.run;
    exports dev.loomcrawl.scope;
    exports dev.loomcrawl.scrape;
    exports dev.loomcrawl.session;
    exports dev.loomcrawl.setting;
    exports dev.loomcrawl.spill;
    exports dev.loomcrawl.state;
    exports dev.loomcrawl.url;
}
