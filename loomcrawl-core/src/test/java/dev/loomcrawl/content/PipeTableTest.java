package dev.loomcrawl.content;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A pipe table makes room for all it writes before writing it: the buffer it is written into grows once, to exactly
 * the table's length, whatever the table's shape (a header or none, spans, padded or compact rows, empty cells and
 * rows). What it writes is checked by the Markdown tests ({@code MarkdownTablesTest}).
 */
class PipeTableTest {
    private static TextBuffer cell(Random random) {
        TextBuffer b = new TextBuffer(8);
        int n = random.nextInt(4) == 0 ? 0 : random.nextInt(12);
        for (int i = 0; i < n; i++) b.append("ab |\n`".charAt(random.nextInt(6)));
        return b;
    }

    @Test
    void theBufferGrowsOnceToTheTablesLength() {
        Random random = new Random(7);
        PipeTable table = new PipeTable();
        for (int round = 0; round < 3_000; round++) {
            table.clear();
            int rows = 1 + random.nextInt(6);
            for (int r = 0; r < rows; r++) {
                table.row(random.nextInt(5) == 0);
                int cells = random.nextInt(5);
                for (int c = 0; c < cells; c++) {
                    // now and then a span far wider than the table, which makes it compact
                    int colspan = random.nextInt(12) == 0 ? 200 : 1 + random.nextInt(3);
                    table.cell(cell(random), colspan, 1 + random.nextInt(3));
                }
            }
            if (table.isEmpty()) continue;
            TextBuffer exact = new TextBuffer(0);
            table.render(exact);
            assertEquals(exact.length, exact.chars.length, "one growth, to the table's length");
            TextBuffer after = new TextBuffer(1);
            after.append('>');
            table.render(after); // into a buffer that holds text already: the same table after it
            assertEquals(">" + exact, after.toString());
        }
    }
}
