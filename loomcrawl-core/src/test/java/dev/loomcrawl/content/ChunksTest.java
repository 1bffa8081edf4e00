package dev.loomcrawl.content;

import dev.loomcrawl.content.Chunks.Chunk;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ChunksTest {

    /** Every chunk is the page's Markdown between its start and end (in code points), in order, none overlapping. */
    private static void assertRanges(String md, List<Chunk> chunks) {
        int[] cps = md.codePoints().toArray();
        int last = 0;
        for (Chunk c : chunks) {
            assertEquals(new String(cps, c.start(), c.end() - c.start()), c.markdown(), "chunk " + c.index());
            assertTrue(c.start() >= last, "in order, not overlapping");
            last = c.end();
            assertFalse(c.markdown().isBlank());
        }
        assertEquals(IntStream.range(0, chunks.size()).boxed().toList(), chunks.stream().map(Chunk::index).toList());
    }

    @Test
    void aPageIsCutAtItsHeadingsAndEachChunkKnowsTheHeadingsItFallsUnder() {
        String md = """
                # Tutorial

                Intro.

                ## Lists

                Lists are sequences.

                ## Tuples

                Tuples are fixed.
                """;
        List<Chunk> chunks = Chunks.split(md, 30);
        assertRanges(md, chunks);
        assertEquals(List.of("# Tutorial\n\nIntro.", "## Lists\n\nLists are sequences.", "## Tuples\n\nTuples are fixed."),
                chunks.stream().map(Chunk::markdown).toList());
        assertEquals(List.of(List.of("Tutorial"), List.of("Tutorial", "Lists"), List.of("Tutorial", "Tuples")),
                chunks.stream().map(Chunk::headings).toList());
    }

    @Test
    void aSectionTakesItsSubsectionsThatFitButNotItsSiblings() {
        String md = "## Lists\n\nShort.\n\n### Nested\n\nAlso short.\n\n## Tuples\n\nMore.\n";
        List<Chunk> chunks = Chunks.split(md, 2000);
        assertRanges(md, chunks);
        assertEquals(2, chunks.size());
        assertEquals("## Lists\n\nShort.\n\n### Nested\n\nAlso short.", chunks.get(0).markdown());
        assertEquals(List.of("Lists"), chunks.get(0).headings());
        assertEquals(List.of("Tuples"), chunks.get(1).headings());
    }

    @Test
    void aLongSectionIsCutBetweenParagraphsThenSentencesAndNoChunkIsLongerThanTheLimit() {
        String sentence = "This sentence is about forty characters. ";
        String para = sentence.repeat(10).strip();
        String md = "# Long\n\n" + para + "\n\n" + para + "\n\n" + sentence.repeat(60).strip() + "\n";
        List<Chunk> chunks = Chunks.split(md, 500);
        assertRanges(md, chunks);
        for (Chunk c : chunks) {
            assertTrue(c.markdown().codePointCount(0, c.markdown().length()) <= 500, c.markdown().length() + " chars");
            assertEquals(List.of("Long"), c.headings());
        }
        assertTrue(chunks.size() >= 5, chunks.size() + " chunks");
        // cut between sentences: every chunk but a heading's ends with a full stop
        assertTrue(chunks.stream().allMatch(c -> c.markdown().endsWith(".")), "cut at sentence ends");
        assertEquals(md.strip().replaceAll("\\s+", " "), chunks.stream().map(Chunk::markdown)
                .collect(Collectors.joining(" ")).replaceAll("\\s+", " "), "nothing lost");
    }

    @Test
    void aCodeBlockIsNeverCutEvenWhenLongerThanTheLimitAndATableOnlyBetweenRows() {
        String code = "```python\n" + "x = 1\n\ny = 2\n".repeat(40) + "```";
        String table = "| a | b |\n| --- | --- |\n" + "| cell one | cell two |\n".repeat(30);
        String md = "# Code\n\n" + code + "\n\n# Table\n\n" + table;
        List<Chunk> chunks = Chunks.split(md, 200);
        assertRanges(md, chunks);
        assertTrue(chunks.stream().anyMatch(c -> c.markdown().contains(code)), "the code block whole, in one chunk");
        for (Chunk c : chunks) {
            if (c.markdown().contains("|")) {
                assertTrue(c.markdown().codePointCount(0, c.markdown().length()) <= 200);
                for (String line : c.markdown().split("\n")) {
                    if (line.startsWith("|")) assertTrue(line.endsWith("|"), "a whole row: " + line);
                }
            }
        }
        // the heading starts the chunk of the code block, which is never split
        assertTrue(chunks.stream().filter(c -> c.markdown().contains("```")).allMatch(c -> c.markdown().startsWith("# Code")));
    }

    @Test
    void aHeadingIsNeverLastInAChunkAndHashesInCodeAreNotHeadings() {
        String md = "# A\n\n" + "word ".repeat(50).strip() + "\n\n## B\n\n```sh\n# not a heading\n```\n";
        List<Chunk> chunks = Chunks.split(md, 120);
        assertRanges(md, chunks);
        for (Chunk c : chunks) {
            String lastLine = c.markdown().substring(c.markdown().lastIndexOf('\n') + 1);
            assertFalse(lastLine.startsWith("#"), "ends with a heading: " + c.markdown());
        }
        assertEquals(List.of("A", "B"), chunks.getLast().headings());
    }

    @Test
    void rangesAreInCodePointsAndHeadingsUnescaped() {
        String md = "# Emoji \\*stars\\* 🎉\n\n😀 text after an emoji.\n\n# Next 🎉\n\nMore 😀.\n";
        List<Chunk> chunks = Chunks.split(md, 60);
        assertRanges(md, chunks);
        assertEquals(List.of("Emoji *stars* 🎉"), chunks.get(0).headings());
        assertEquals(md.codePointCount(0, md.indexOf("# Next")), chunks.get(1).start());
    }

    @Test
    void textBeforeTheFirstHeadingHasNoHeadingsAndBlankMarkdownNoChunks() {
        assertEquals(List.of(), Chunks.split("", 100));
        assertEquals(List.of(), Chunks.split("\n\n  \n", 100));
        List<Chunk> chunks = Chunks.split("Preface.\n\n# One\n\nBody.\n", 12);
        assertEquals(List.of(), chunks.get(0).headings());
        assertEquals("Preface.", chunks.get(0).markdown());
        assertThrows(IllegalArgumentException.class, () -> Chunks.split("x", 0));
    }

    @Test
    void headingsAreTheirTextWithoutInlineMarkdown() {
        assertEquals("Lists and tuples", Chunks.plain("Lists and *tuples*"));
        assertEquals("The dict type and snake_case", Chunks.plain("The [`dict`](https://d.test/a_(b)) type and snake\\_case"));
        assertEquals("a*b in code, logo", Chunks.plain("`a*b` in **code**, ![logo](x.png)"));
        assertEquals(List.of("Strong heading", "Code x"), Chunks.split(
                "# **Strong** heading\n\nAn introduction of some length.\n\n## Code `x`\n\ntext\n", 40).getLast().headings());
    }

    @Test
    void aWordLongerThanAChunkIsCutInsideIt() {
        String md = "x".repeat(250);
        List<Chunk> chunks = Chunks.split(md, 100);
        assertRanges(md, chunks);
        assertEquals(List.of(100, 100, 50), chunks.stream().map(c -> c.markdown().length()).toList());
    }
}
