package dev.loomcrawl.content;

import dev.loomcrawl.result.JsonText;
import dev.loomcrawl.result.PageText;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A block whose lines come encoded ({@link MarkdownBlocks#block(EncodedLines)}) is written byte for byte as the same
 * lines given as characters ({@link MarkdownBlocks#block(TextBuffer)}): prefixes, separators, empty and blank lines
 * taken back, a lone surrogate made U+FFFD.
 */
class MarkdownBlocksTest {
    private static final char[] ALPHABET = " \t\t\\tab|\"\u0001\u00e9\u20ac\uD83D\uDE00\uDC00".toCharArray();

    /** Opens the same containers in blocks, for the same seed, with blocks before and between them. */
    static void before(long seed, MarkdownBlocks blocks) {
        Random random = new Random(seed);
        if (random.nextBoolean()) blocks.paragraph(text("before"), true);
        int depth = random.nextInt(4);
        for (int i = 0; i < depth; i++) {
            switch (random.nextInt(3)) {
                case 0 -> blocks.open("- ".toCharArray(), "  ".toCharArray(), true);
                case 1 -> blocks.open("10. ".toCharArray(), "    ".toCharArray(), true);
                default -> blocks.open("> ".toCharArray(), "> ".toCharArray(), false);
            }
            if (random.nextInt(3) == 0) blocks.paragraph(text("p\t\nq "), false);
        }
        if (random.nextBoolean()) blocks.tighten();
    }

    /** Closes what {@link #before} opened, with a block after. */
    static void after(MarkdownBlocks blocks) {
        blocks.paragraph(text("after"), true);
        while (blocks.depth() > 0) blocks.close();
    }

    static TextBuffer text(String s) {
        TextBuffer t = new TextBuffer(1);
        return t.append(s);
    }

    /** The JSON bytes written, a lone surrogate made U+FFFD. */
    static byte[] json(PageText text) {
        return Arrays.copyOf(text.json(), text.jsonLength());
    }

    @Test
    void encodedLinesAreWrittenAsTheirCharactersAre() {
        Random random = new Random(5);
        EncodedLines lines = new EncodedLines(1);
        for (int round = 0; round < 5_000; round++) {
            lines.clear();
            TextBuffer chars = new TextBuffer(1);
            int count = 1 + random.nextInt(4);
            for (int l = 0; l < count; l++) {
                if (l > 0) chars.append('\n');
                int n = random.nextInt(4) == 0 ? 0 : random.nextInt(8);
                boolean blank = random.nextBoolean();
                for (int i = 0; i < n; i++) {
                    // a blank line (spaces and tabs) but, maybe, for its last character
                    char c = blank && i < n - 1 ? " \t".charAt(random.nextInt(2))
                            : ALPHABET[random.nextInt(ALPHABET.length)];
                    chars.append(c);
                    lines.reserve(JsonText.MAX_BYTES);
                    lines.length = JsonText.write(lines.bytes, lines.length, c);
                    lines.surrogates |= Character.isSurrogate(c);
                }
                lines.endLine();
            }
            long seed = random.nextLong();
            MarkdownBlocks encoded = new MarkdownBlocks(random.nextInt(8));
            MarkdownBlocks oracle = new MarkdownBlocks(8);
            before(seed, encoded);
            before(seed, oracle);
            encoded.block(lines);
            oracle.block(chars);
            if (random.nextBoolean()) {
                after(encoded);
                after(oracle);
            }
            PageText expected = oracle.written();
            PageText actual = encoded.written();
            assertEquals(expected.toString(), actual.toString(), chars.toString());
            assertArrayEquals(json(expected), json(actual), chars.toString());
        }
    }
}
