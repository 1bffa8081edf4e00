package dev.loomcrawl.state;

/**
 * One saved setting of a crawl, a (name, value) pair of text: a configuration option as {@code ConfigCodec}
 * writes it ({@code max-tasks}), or one of whoever runs the crawl, whose name holds a dot ({@code cli.output}).
 */
public record Setting(String name, String value) {}
