package dev.loomcrawl.content;

import dev.loomcrawl.extract.PageFacts;
import dev.loomcrawl.fetch.ContentType;
import dev.loomcrawl.result.PageContent;
import dev.loomcrawl.result.PageKind;
import dev.loomcrawl.result.PageText;

import java.time.Instant;

/**
 * A JSON body as content, as Firecrawl gives it: its text as it came, and in Markdown a fenced {@code json} code
 * block around it (a fence longer than any run of backticks in the body, so that none closes it early).
 */
final class JsonDocument implements DocumentConverter {
    @Override
    public boolean converts(String mediaType) {
        return mediaType.equals("application/json") || mediaType.equals("text/json") || mediaType.endsWith("+json");
    }

    @Override
    public Conversion convert(byte[] body, String charset, String url, Instant deadline) {
        String json = ContentType.decode(body, charset).strip(); // UTF-8 without one: JSON's own (RFC 8259)
        String fence = "`".repeat(Math.max(3, longestBacktickRun(json) + 1));
        String markdown = fence + "json\n" + json + "\n" + fence;
        return new Conversion.Text(new PageContent(PageFacts.NONE, PageText.of(json), PageText.of(markdown), true,
                PageKind.ARTICLE), null);
    }

    static int longestBacktickRun(String s) {
        int longest = 0;
        int run = 0;
        for (int i = 0; i < s.length(); i++) {
            run = s.charAt(i) == '`' ? run + 1 : 0;
            longest = Math.max(longest, run);
        }
        return longest;
    }
}
