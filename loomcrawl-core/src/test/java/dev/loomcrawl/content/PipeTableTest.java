package dev.loomcrawl.content;

import dev.loomcrawl.result.PageText;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A table rendered as encoded lines is written byte for byte as the table rendered as characters was
 * ({@link CharPipeTable}, the code before): cells with pipes, line breaks, JSON escapes, non-ASCII characters and
 * surrogates, lone ones too; spans and headers that make it a grid or, past {@link PipeTable#GROWTH}, compact (whose
 * choice counts characters, not bytes); inside containers.
 */
class PipeTableTest {
    private static final char[] ALPHABET =
            "ab c||\n\"\\\t\u0001\u00e9\u00e9\u00e9\u20ac\u20ac\u20ac\uD83D\uDE00\uDC00".toCharArray();

    private static TextBuffer cell(Random random) {
        TextBuffer t = new TextBuffer(1);
        int n = random.nextInt(4) == 0 ? 0 : random.nextInt(random.nextInt(10) == 0 ? 200 : 12);
        char[] alphabet = random.nextBoolean() ? ALPHABET : "abc".toCharArray(); // some tables all ASCII
        for (int i = 0; i < n; i++) t.append(alphabet[random.nextInt(alphabet.length)]);
        return t;
    }

    private static int span(Random random) {
        return switch (random.nextInt(12)) {
            case 0 -> random.nextInt(40) - 2;
            case 1 -> random.nextInt(3);
            default -> 1;
        };
    }

    @Test
    void aTableIsWrittenByteForByteAsTheCharacterTableWroteIt() {
        Random random = new Random(3);
        PipeTable table = new PipeTable(); // each reused, as a page's walk reuses its table
        CharPipeTable oracle = new CharPipeTable();
        EncodedLines lines = new EncodedLines(1);
        TextBuffer chars = new TextBuffer(1);
        for (int round = 0; round < 5_000; round++) {
            table.clear();
            oracle.clear();
            int rows = random.nextInt(8);
            for (int r = 0; r < rows; r++) {
                if (random.nextInt(4) != 0) { // else the cells before go in the row before, or a first row
                    boolean head = random.nextInt(4) == 0;
                    table.row(head);
                    oracle.row(head);
                }
                int cells = random.nextInt(6);
                for (int c = 0; c < cells; c++) {
                    TextBuffer md = cell(random);
                    int colspan = span(random);
                    int rowspan = span(random);
                    table.cell(md, colspan, rowspan);
                    oracle.cell(md, colspan, rowspan);
                }
            }
            assertEquals(oracle.isEmpty(), table.isEmpty());
            if (table.isEmpty()) continue;
            lines.clear();
            table.render(lines);
            chars.setLength(0);
            oracle.render(chars);
            long seed = random.nextLong();
            MarkdownBlocks encoded = new MarkdownBlocks(random.nextInt(8));
            MarkdownBlocks expected = new MarkdownBlocks(8);
            MarkdownBlocksTest.before(seed, encoded);
            MarkdownBlocksTest.before(seed, expected);
            encoded.block(lines);
            expected.block(chars);
            MarkdownBlocksTest.after(encoded);
            MarkdownBlocksTest.after(expected);
            PageText e = expected.written();
            PageText a = encoded.written();
            assertEquals(e.toString(), a.toString());
            assertArrayEquals(MarkdownBlocksTest.json(e), MarkdownBlocksTest.json(a), e.toString());
        }
    }
}
