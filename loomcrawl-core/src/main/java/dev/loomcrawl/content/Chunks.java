package dev.loomcrawl.content;

import dev.loomcrawl.content.ChunkBlocks.Block;
import dev.loomcrawl.content.ChunkBlocks.Kind;
import dev.loomcrawl.content.ChunkCutter.Piece;

import java.util.ArrayList;
import java.util.List;

/**
 * Cuts a page's Markdown into chunks for retrieval: at headings first, then between blocks, each chunk at most
 * {@code maxChars} characters (code points) and a range of the page's Markdown as it is, so that a chunk can be
 * found again in the page it came from.
 *
 * <p>The rules, in order: every heading starts a chunk, and a heading is never the last thing in one (it stays
 * with what follows it), unless it leaves no room for that: a heading longer than a chunk is cut as a line is; a
 * section takes as many of its subsections (deeper headings) as fit; a section too long for one chunk is cut between
 * its blocks (paragraphs, lists, quotes, tables, code blocks), a block too long between its lines (a table between
 * its rows), and a line too long between sentences, then words. A fenced code block too long for a chunk is cut
 * between its lines into fences of their own (see {@link ChunkCutter}): the one text of a chunk that is not the
 * page's. No chunk is longer than {@code maxChars}. The time is linear in the Markdown's length.
 */
public final class Chunks {
    private Chunks() {
    }

    /**
     * One chunk of a page's Markdown.
     *
     * @param index    its position among the page's chunks, from 0
     * @param headings the headings it falls under, outermost first ({@code ["Tutorial", "Lists"]}): the page's
     *                 headings above its start, and the heading it starts with; empty before the first heading
     * @param start    where it starts in the page's Markdown, in code points
     * @param end      where it ends (exclusive), in code points
     * @param markdown its text: the page's Markdown from {@code start} to {@code end}; when it starts or ends
     *                 inside a fenced code block cut in pieces, the block's opening line before it or a closing
     *                 fence after it (with the block's prefix: its list indentation, its quote marks)
     */
    public record Chunk(int index, List<String> headings, int start, int end, String markdown) {
        public Chunk {
            headings = List.copyOf(headings);
        }
    }

    /** The longest a heading of {@link Chunk#headings} is, "…" included; the rest is cut, as a title is. */
    static final int MAX_HEADING = 1000;

    /** The chunks of {@code markdown}, in order; none for blank Markdown. */
    public static List<Chunk> split(String markdown, int maxChars) {
        if (maxChars < 1) throw new IllegalArgumentException("the chunk size must be positive: " + maxChars);
        List<Block> blocks = ChunkBlocks.of(markdown);
        CodePoints cps = CodePoints.of(markdown);
        ChunkCutter cutter = new ChunkCutter(markdown, cps, maxChars);
        List<Piece> pieces = new ArrayList<>();
        List<List<String>> paths = new ArrayList<>();
        List<String> path = new ArrayList<>();
        List<Integer> levels = new ArrayList<>();
        int i = 0;
        while (i < blocks.size()) {
            // a chunk: from block i, a section (its heading, if any, and what follows) and the subsections that fit
            Block first = blocks.get(i);
            if (first.kind() == Kind.HEADING) enter(path, levels, first);
            int topLevel = first.kind() == Kind.HEADING ? first.level() : 0;
            List<String> chunkPath = List.copyOf(path);
            int j = i; // blocks i..j-1 are in the chunk
            int start = first.start();
            while (j < blocks.size()) {
                Block b = blocks.get(j);
                if (j > i && b.kind() == Kind.HEADING && (topLevel == 0 || b.level() <= topLevel)) break; // a sibling
                int end = sectionEnd(blocks, j); // a heading goes with the block after it
                if (j > i && cutter.length(start, blocks.get(end - 1).end()) > maxChars) break;
                for (int k = j; k < end; k++) {
                    if (k > i && blocks.get(k).kind() == Kind.HEADING) enter(path, levels, blocks.get(k));
                }
                j = end;
            }
            int end = blocks.get(j - 1).end();
            List<Piece> section = cutter.length(start, end) <= maxChars ? List.of(Piece.of(start, end))
                    : cutter.section(blocks.subList(i, j));
            for (Piece p : section) {
                pieces.add(p);
                paths.add(chunkPath);
            }
            i = j;
        }
        List<Chunk> chunks = new ArrayList<>(pieces.size());
        for (int k = 0; k < pieces.size(); k++) {
            Piece p = pieces.get(k);
            chunks.add(new Chunk(k, paths.get(k), cps.index(p.start()), cps.index(p.end()),
                    p.before() + markdown.substring(p.start(), p.end()) + p.after()));
        }
        return chunks;
    }

    /** The end (exclusive) of block {@code j}'s group: headings in a row and the first block after them. */
    private static int sectionEnd(List<Block> blocks, int j) {
        Block b = blocks.get(j);
        int end = j + 1;
        while (b.kind() == Kind.HEADING && end < blocks.size()) {
            b = blocks.get(end++);
        }
        return end;
    }

    private static void enter(List<String> path, List<Integer> levels, Block heading) {
        while (!levels.isEmpty() && levels.getLast() >= heading.level()) {
            levels.removeLast();
            path.removeLast();
        }
        levels.add(heading.level());
        path.add(heading.heading());
    }

    /**
     * A heading's text, as a reader sees it: without its #s (leading and closing) and without Markdown's inline
     * syntax (backslash escapes, emphasis, code spans' backticks, links' and images' brackets and targets); at most
     * {@link #MAX_HEADING} characters, "…" the last when cut. Every chunk under a heading names it: a heading cut
     * short keeps a long one from being copied into thousands of chunks.
     */
    static String headingText(String line, int level) {
        // read a few times the length kept: enough for the link targets and markup a heading's text is cut from
        int end = Math.min(line.length(), level + 8 * MAX_HEADING);
        if (end < line.length() && Character.isHighSurrogate(line.charAt(end - 1))) end--; // not half a pair
        String text = line.substring(level, end).strip();
        int closing = text.length();
        while (closing > 0 && text.charAt(closing - 1) == '#') closing--;
        if (closing == 0 || closing < text.length() && text.charAt(closing - 1) == ' ') text = text.substring(0, closing).strip();
        String plain = plain(text);
        if (plain.codePointCount(0, plain.length()) <= MAX_HEADING) return plain;
        return plain.substring(0, plain.offsetByCodePoints(0, MAX_HEADING - 1)) + "…";
    }

    /** Inline Markdown as its text: {@code Lists and *tuples*} and {@code [`dict`](url)} read "Lists and tuples", "dict". */
    static String plain(String md) {
        StringBuilder out = new StringBuilder(md.length());
        int n = md.length();
        int unclosed = Integer.MAX_VALUE;
        for (int k = 0; k < n; k++) {
            char c = md.charAt(k);
            if (c == '\\' && k + 1 < n && isAsciiPunctuation(md.charAt(k + 1))) {
                out.append(md.charAt(++k));
            } else if (c == '`') { // a code span: its text as it is, up to a closing run of as many backticks
                int run = k;
                while (run < n && md.charAt(run) == '`') run++;
                String fence = md.substring(k, run);
                // a run of no fewer backticks than one found nowhere further on closes nothing: not looked for again
                int close = fence.length() >= unclosed ? -1 : md.indexOf(fence, run);
                if (close < 0) unclosed = Math.min(unclosed, fence.length());
                if (close < 0) {
                    out.append(fence);
                    k = run - 1;
                } else {
                    out.append(md, run, close);
                    k = close + fence.length() - 1;
                }
            } else if (c == '*' || c == '_' || c == '~') {
                // emphasis and strikethrough marks: the writer escapes the literal ones
            } else if (c == '!' && k + 1 < n && md.charAt(k + 1) == '[') {
                // an image: its alt text is kept by the bracket's rule
            } else if (c == '[') {
                // a link's text follows
            } else if (c == ']' && k + 1 < n && md.charAt(k + 1) == '(') {
                int depth = 0, j = k + 1;
                for (; j < n; j++) { // to the target's closing parenthesis (balanced, escapes skipped)
                    char d = md.charAt(j);
                    if (d == '\\') j++;
                    else if (d == '(') depth++;
                    else if (d == ')' && --depth == 0) break;
                }
                k = j;
            } else if (c == ']') {
                // a bracket that closed a link's text
            } else {
                out.append(c);
            }
        }
        return out.toString().replaceAll("\\s+", " ").strip();
    }

    private static boolean isAsciiPunctuation(char c) {
        return c < 128 && !Character.isLetterOrDigit(c) && c > ' ';
    }
}
