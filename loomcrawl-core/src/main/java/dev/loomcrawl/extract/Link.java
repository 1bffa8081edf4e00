package dev.loomcrawl.extract;

import dev.loomcrawl.url.WebUrl;

/**
 * A link found in a page: its resolved target, the element and attribute it came from, the anchor text
 * (whitespace-normalised text of an {@code a}, the {@code alt} of an {@code area}, else "") and the
 * {@code rel} attribute ("" when absent).
 */
public record Link(WebUrl target, String element, String attribute, String text, String rel) {
    public boolean nofollow() {
        for (String r : rel.split("\\s+")) {
            if (r.equalsIgnoreCase("nofollow")) return true;
        }
        return false;
    }
}
