package dev.loomcrawl.content;

import dev.loomcrawl.content.Chunks.Chunk;
import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.FencedCodeBlock;
import org.commonmark.parser.Parser;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ChunksTest {

    /** A line that opens or closes a fence a chunk puts around a piece of a code block, with the block's prefix. */
    private static final Pattern OPENING = Pattern.compile("[> ]*(`{3,}|~{3,})[^`\n]*\n[> ]*");
    private static final Pattern CLOSING = Pattern.compile("\n[> ]*(`{3,}|~{3,})");

    /**
     * Every chunk is the page's Markdown between its start and end (in code points), but for the fence lines that
     * make a cut code block's pieces fences of their own, in order, none overlapping, none blank.
     */
    private static void assertRanges(String md, List<Chunk> chunks) {
        int[] cps = md.codePoints().toArray();
        int last = 0;
        for (Chunk c : chunks) {
            String range = new String(cps, c.start(), c.end() - c.start());
            // the range, after nothing or an opening line (and the prefix a line cut inside goes on after), and
            // before nothing or a closing line
            String text = c.markdown();
            boolean found = false;
            int opened = text.indexOf('\n') + 1;
            for (int at = 0; at <= text.length() - range.length() && !found; at = at == 0 ? opened : at + 1) {
                if (at > 0 && at > opened && " >".indexOf(text.charAt(at - 1)) < 0) break;
                String before = text.substring(0, at), after = text.substring(at + range.length());
                found = text.startsWith(range, at) && (before.isEmpty() || OPENING.matcher(before).matches())
                        && (after.isEmpty() || CLOSING.matcher(after).matches());
            }
            assertTrue(found, "chunk " + c.index() + " is its range «" + range + "» and fence lines: «" + text
                    + "»");
            assertTrue(c.start() >= last, "in order, not overlapping");
            last = c.end();
            assertFalse(c.markdown().isBlank());
        }
        assertEquals(IntStream.range(0, chunks.size()).boxed().toList(), chunks.stream().map(Chunk::index).toList());
    }

    /** {@link #assertRanges}, and no chunk longer than max code points. */
    private static void assertRanges(String md, List<Chunk> chunks, int max) {
        assertRanges(md, chunks);
        for (Chunk c : chunks) {
            assertTrue(c.markdown().codePointCount(0, c.markdown().length()) <= max,
                    c.markdown().codePointCount(0, c.markdown().length()) + " > " + max + ": " + c.markdown());
        }
    }

    /** The code blocks a CommonMark reader finds in md, their text as it reads it. */
    private static List<String> code(String md) {
        List<String> code = new ArrayList<>();
        Parser.builder().build().parse(md).accept(new AbstractVisitor() {
            @Override
            public void visit(FencedCodeBlock block) {
                code.add(block.getLiteral());
            }
        });
        return code;
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
    void aCodeBlockLongerThanTheLimitIsCutIntoFencesOfItsOwnAndATableOnlyBetweenRows() {
        String code = "```python\n" + "x = 1\n\ny = 2\n".repeat(40) + "```";
        String table = "| a | b |\n| --- | --- |\n" + "| cell one | cell two |\n".repeat(30);
        String md = "# Code\n\n" + code + "\n\n# Table\n\n" + table;
        List<Chunk> chunks = Chunks.split(md, 200);
        assertRanges(md, chunks, 200);
        for (Chunk c : chunks) {
            if (c.markdown().contains("|")) {
                for (String line : c.markdown().split("\n")) {
                    if (line.startsWith("|")) assertTrue(line.endsWith("|"), "a whole row: " + line);
                }
            }
        }
        List<Chunk> pieces = chunks.stream().filter(c -> c.markdown().contains("```")).toList();
        assertTrue(pieces.size() >= 3, pieces.size() + " pieces");
        assertTrue(pieces.getFirst().markdown().startsWith("# Code\n\n```python\n"), "the heading stays with it");
        // each piece is a fence of its own, with the language; together they are the block's text
        StringBuilder read = new StringBuilder();
        for (Chunk c : pieces) {
            assertTrue(c.markdown().endsWith("```") && c.markdown().contains("```python\n"), c.markdown());
            read.append(String.join("", code(c.markdown())));
        }
        assertEquals(String.join("", code(md)), read.toString());
        assertEquals(List.of(md.substring(md.indexOf("```"), md.lastIndexOf("```") + 3)),
                Chunks.split(md, 2000).stream().map(Chunk::markdown).filter(m -> m.contains("```"))
                        .map(m -> m.substring(m.indexOf("```"))).toList(), "not cut when it fits");
    }

    /**
     * A fenced block in a list item or a block quote, as Markdown writes it, cut into pieces that are each a fence
     * with the block's prefix, read back as the block's code; whole when it fits.
     */
    @Test
    void aFencedBlockInAListItemOrAQuoteIsCutIntoFencesThatKeepItsPrefix() {
        String code = IntStream.range(0, 40).mapToObj(i -> "line " + i + " of the code")
                .collect(Collectors.joining("\n"));
        String pre = "<pre class=\"language-python\">" + code + "</pre>";
        Map<String, String> containers = Map.of(
                "<ol><li><p>Step one</p>" + pre + "</li><li>Step two</li></ol>", "   ",
                "<ul><li>" + pre + "</li></ul>", "  ",
                "<blockquote><p>Quoted</p>" + pre + "</blockquote>", "> ",
                "<blockquote><ul><li>" + pre + "</li></ul></blockquote>", ">   ");
        for (Map.Entry<String, String> container : containers.entrySet()) {
            String md = Markdown.of(Jsoup.parse("<h1>Steps</h1>" + container.getKey()).body());
            String prefix = container.getValue();
            assertTrue(md.contains(prefix + "line 1 of the code\n"), md);
            List<Chunk> chunks = Chunks.split(md, 150);
            assertRanges(md, chunks, 150);
            StringBuilder read = new StringBuilder();
            for (Chunk c : chunks) {
                for (String line : c.markdown().split("\n")) {
                    if (line.contains("of the code")) assertTrue(line.startsWith(prefix + "line"), "«" + line + "»");
                }
                List<String> blocks = code(c.markdown());
                if (c.markdown().contains("of the code")) assertEquals(1, blocks.size(), c.markdown());
                read.append(String.join("", blocks));
            }
            assertTrue(chunks.stream().filter(c -> c.markdown().contains("of the code")).count() >= 3);
            assertEquals(code + "\n", read.toString(), md);
            List<Chunk> whole = Chunks.split(md, 5000);
            assertEquals(1, whole.size());
            assertEquals(md.strip(), whole.getFirst().markdown(), "not cut when it fits");
        }
    }

    @Test
    void noChunkIsLongerThanTheLimitWhenAHeadingIsLongerOrGluedToWhatFollows() {
        String longHeading = "# " + "Heading words ".repeat(30).strip();
        String md = longHeading + "\n\n" + "Body text. ".repeat(20).strip() + "\n\n## Short\n\n```\n"
                + "code line\n".repeat(8) + "```\n\n## Another\n\n" + "A paragraph of some length. ".repeat(3).strip()
                + "\n\n" + longHeading + "\n\n### " + "Tail ".repeat(40).strip() + "\n";
        for (int max : new int[] {40, 100, 120, 200, 1000}) {
            List<Chunk> chunks = Chunks.split(md, max);
            assertRanges(md, chunks, max);
            assertEquals(md.replaceAll("\\s+", ""), chunks.stream().map(Chunk::markdown).collect(Collectors.joining())
                    .replaceAll("```\\s*```", "").replaceAll("\\s+", ""), "nothing lost at " + max);
        }
        // a heading that fits stays with the start of what follows, even when that is cut
        Chunk code = Chunks.split(md, 100).stream().filter(c -> c.markdown().startsWith("## Short")).findFirst()
                .orElseThrow();
        assertTrue(code.markdown().contains("code line"), code.markdown());
    }

    @Test
    void aHeadingInTheChunksHeadingsIsCutAtAThousandCharacters() {
        String md = "# " + "\u00e9t\u00e9 ".repeat(400) + "\n\nIntro.\n\n## Next\n\ntext\n";
        List<String> headings = Chunks.split(md, 100).getLast().headings();
        assertEquals(Chunks.MAX_HEADING, headings.getFirst().codePointCount(0, headings.getFirst().length()));
        assertTrue(headings.getFirst().endsWith("\u00e9t\u00e9 \u00e9t\u00e9\u2026"), headings.getFirst());
        assertEquals("Next", headings.getLast());
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

    /**
     * A million characters of short paragraphs outside Latin-1, in one chunk and in chunks of 100,000: the
     * cutting took 46 s and 8 s for the one chunk and the many (each block's length counted again from its chunk's
     * start), and now a small fraction of a second. The timeout is generous for a loaded machine.
     */
    @Test
    @Timeout(value = 20, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aPageOutsideLatin1IsCutInTimeLinearInItsLength() {
        StringBuilder md = new StringBuilder();
        while (md.length() < 1_000_000) md.append("\u0436\u0443\u043a ").append(md.length() % 97).append("\n\n");
        String page = md.toString();
        for (int max : new int[] {1_000_000, 100_000, 2_000}) {
            List<Chunk> chunks = Chunks.split(page, max);
            assertEquals(page.strip().length(), chunks.stream().mapToInt(c -> c.markdown().length()).sum()
                    + 2 * (chunks.size() - 1), "the chunks are the page at " + max);
        }
        String line = "\u0416\u0443\u043a \u043f\u043e\u043b\u0437\u0451\u0442. ".repeat(80_000);
        assertRanges(line, Chunks.split(line, 2_000), 2_000); // one line: every cut looked for back to its piece only
    }

    /**
     * Markdown made at random of the shapes Markdown writes (headings short and long, paragraphs, tables, fenced
     * code at the top, in list items and in quotes, blank code lines, characters outside the BMP), cut at sizes
     * from 1 to 400: every chunk is its range and fence lines, none longer than the size, and together they hold
     * every non-blank character of the page.
     */
    @Test
    void markdownOfEveryShapeIsCutIntoChunksNoLongerThanTheSize() {
        java.util.Random random = new java.util.Random(54);
        String[] words = {"word", "\ud83d\ude00", "\u0436\u0443\u043a.", "x".repeat(90), "end!", "`code`"};
        String[] prefixes = {"", "- ", "1. ", "> ", "> - "};
        for (int round = 0; round < 60; round++) {
            StringBuilder md = new StringBuilder();
            for (int b = random.nextInt(8); b >= 0; b--) {
                StringBuilder line = new StringBuilder();
                for (int w = random.nextInt(random.nextBoolean() ? 5 : 60); w >= 0; w--) {
                    line.append(words[random.nextInt(words.length)]).append(' ');
                }
                String text = line.toString().strip();
                switch (random.nextInt(5)) {
                    case 0 -> md.append("#".repeat(1 + random.nextInt(3))).append(' ').append(text);
                    case 1 -> md.append("| ").append(text).append(" |\n| --- |\n| ").append(text).append(" |");
                    case 2, 3 -> {
                        String first = prefixes[random.nextInt(prefixes.length)];
                        String later = first.replaceAll("[-0-9.]", " ");
                        md.append(first).append("```py\n");
                        for (int l = random.nextInt(12); l >= 0; l--) {
                            md.append(random.nextInt(4) == 0 ? later.stripTrailing() : later + text).append('\n');
                        }
                        md.append(later).append("```");
                    }
                    default -> md.append(text).append('\n').append(text);
                }
                md.append("\n\n");
            }
            String page = md.toString();
            int[] cps = page.codePoints().toArray();
            long visible = Arrays.stream(cps).filter(c -> !Character.isWhitespace(c)).count();
            for (int max : new int[] {1, 3, 20, 45, 100, 400}) {
                List<Chunk> chunks = Chunks.split(page, max);
                assertRanges(page, chunks, max);
                assertEquals(visible, chunks.stream().mapToLong(c -> Arrays.stream(cps, c.start(), c.end())
                        .filter(cp -> !Character.isWhitespace(cp)).count()).sum(), "every character once: " + page);
            }
        }
    }

    /** CodePoints counts and offsets as String does, with pairs, lone surrogates and Latin-1 around them. */
    @Test
    void codePointsCountAndOffsetAsStringDoes() {
        java.util.Random random = new java.util.Random(54);
        String[] parts = {"a", "\u00e9", "\u0436", "\ud83d\ude00", "\ud83d", "\ude00", "\n"};
        for (int round = 0; round < 50; round++) {
            StringBuilder b = new StringBuilder();
            int n = random.nextInt(60);
            for (int i = 0; i < n; i++) b.append(parts[random.nextInt(parts.length)]);
            String s = b.toString();
            CodePoints cps = CodePoints.of(s);
            int total = s.codePointCount(0, s.length());
            List<Integer> boundaries = new ArrayList<>();
            for (int i = 0; i <= s.length(); i = i < s.length() ? s.offsetByCodePoints(i, 1) : i + 1) boundaries.add(i);
            for (int from : boundaries) {
                assertEquals(s.codePointCount(0, from), cps.index(from), s + " at " + from);
                for (int to : boundaries) {
                    if (to >= from) assertEquals(s.codePointCount(from, to), cps.count(from, to));
                }
                int left = s.codePointCount(from, s.length());
                for (int k = 0; k <= left + 2; k++) {
                    assertEquals(k <= left ? s.offsetByCodePoints(from, k) : s.length(), cps.offset(from, k),
                            s + " from " + from + " by " + k);
                }
            }
            assertEquals(total, cps.index(s.length()));
        }
    }
}
