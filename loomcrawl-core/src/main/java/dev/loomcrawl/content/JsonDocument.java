package dev.loomcrawl.content;

import dev.loomcrawl.extract.PageFacts;
import dev.loomcrawl.result.PageContent;
import dev.loomcrawl.result.PageKind;
import dev.loomcrawl.result.PageText;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
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
        String json = new String(body, charsetOr(charset)).strip();
        String fence = "`".repeat(Math.max(3, longestBacktickRun(json) + 1));
        String markdown = fence + "json\n" + json + "\n" + fence;
        return new Conversion.Text(new PageContent(PageFacts.NONE, PageText.of(json), PageText.of(markdown), true,
                PageKind.ARTICLE), null);
    }

    private static Charset charsetOr(String charset) {
        if (charset == null) return StandardCharsets.UTF_8; // JSON's own (RFC 8259)
        try {
            return Charset.forName(charset);
        } catch (IllegalArgumentException e) {
            return StandardCharsets.UTF_8;
        }
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
