package dev.loomcrawl.extract;

import dev.loomcrawl.url.WebUrl;

/** A link found in a page: its resolved target, and the element and attribute it came from. */
public record Link(WebUrl target, String element, String attribute) {}
