package dev.loomcrawl.content;

import java.util.ArrayList;
import java.util.List;

/**
 * Cuts a page's Markdown into chunks for retrieval: at headings first, then between blocks, each chunk at most
 * {@code maxChars} characters (code points) and a range of the page's Markdown as it is, so that a chunk can be
 * found again in the page it came from.
 *
 * <p>The rules, in order: every heading starts a chunk, and a heading is never the last thing in one (it stays
 * with what follows it); a section takes as many of its subsections (deeper headings) as fit; a section too long
 * for one chunk is cut between its blocks (paragraphs, lists, quotes, tables, code blocks), a block too long between
 * its lines (a table between its rows), and a line too long between sentences, then words. A fenced code block is
 * never cut: one longer than {@code maxChars} is a chunk of its own, the one kind of chunk that may be longer.
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
     * @param markdown its text: the page's Markdown from {@code start} to {@code end}
     */
    public record Chunk(int index, List<String> headings, int start, int end, String markdown) {
        public Chunk {
            headings = List.copyOf(headings);
        }
    }

    /** A block of the Markdown: a range of whole lines, [start, end) in chars, the end before its last newline. */
    private record Block(int start, int end, Kind kind, int level, String heading) {}

    private enum Kind { HEADING, CODE, TABLE, TEXT }

    /** The chunks of {@code markdown}, in order; none for blank Markdown. */
    public static List<Chunk> split(String markdown, int maxChars) {
        if (maxChars < 1) throw new IllegalArgumentException("the chunk size must be positive: " + maxChars);
        List<Block> blocks = blocks(markdown);
        List<int[]> ranges = new ArrayList<>(); // [start, end) in chars, and the index of the heading path
        List<List<String>> paths = new ArrayList<>();
        List<String> path = new ArrayList<>();
        List<Integer> levels = new ArrayList<>();
        int i = 0;
        while (i < blocks.size()) {
            // a chunk: from block i, a section (its heading, if any, and what follows) and the subsections that fit
            Block first = blocks.get(i);
            if (first.kind == Kind.HEADING) enter(path, levels, first);
            int topLevel = first.kind == Kind.HEADING ? first.level : 0;
            List<String> chunkPath = List.copyOf(path);
            int j = i; // blocks i..j-1 are in the chunk
            int start = first.start;
            while (j < blocks.size()) {
                Block b = blocks.get(j);
                if (j > i && b.kind == Kind.HEADING && (topLevel == 0 || b.level <= topLevel)) break; // a sibling
                int end = sectionEnd(blocks, j); // a heading goes with the block after it
                if (j > i && length(markdown, start, blocks.get(end - 1).end) > maxChars) break;
                for (int k = j; k < end; k++) if (k > i && blocks.get(k).kind == Kind.HEADING) enter(path, levels, blocks.get(k));
                j = end;
            }
            int end = blocks.get(j - 1).end;
            if (length(markdown, start, end) <= maxChars || j - i == 1 && blocks.get(i).kind == Kind.CODE) {
                ranges.add(new int[] {start, end});
                paths.add(chunkPath);
            } else {
                for (int[] r : cut(markdown, blocks.subList(i, j), maxChars)) {
                    ranges.add(r);
                    paths.add(chunkPath);
                }
            }
            i = j;
        }
        List<Chunk> chunks = new ArrayList<>(ranges.size());
        int cpAt = 0, charAt = 0; // where the last range started, in code points and in chars
        for (int k = 0; k < ranges.size(); k++) {
            int[] r = ranges.get(k);
            cpAt += markdown.codePointCount(charAt, r[0]);
            int cpStart = cpAt;
            int cpEnd = cpStart + markdown.codePointCount(r[0], r[1]);
            chunks.add(new Chunk(k, paths.get(k), cpStart, cpEnd, markdown.substring(r[0], r[1])));
            charAt = r[0];
        }
        return chunks;
    }

    /** The end (exclusive) of block {@code j}'s group: headings in a row and the first block after them. */
    private static int sectionEnd(List<Block> blocks, int j) {
        Block b = blocks.get(j);
        int end = j + 1;
        while (b.kind == Kind.HEADING && end < blocks.size()) {
            b = blocks.get(end++);
        }
        return end;
    }

    private static void enter(List<String> path, List<Integer> levels, Block heading) {
        while (!levels.isEmpty() && levels.getLast() >= heading.level) {
            levels.removeLast();
            path.removeLast();
        }
        levels.add(heading.level);
        path.add(heading.heading);
    }

    /**
     * A section too long for one chunk, cut between blocks, then inside the blocks that are too long; a heading is
     * glued to the start of the block after it.
     */
    private static List<int[]> cut(String md, List<Block> blocks, int max) {
        List<int[]> pieces = new ArrayList<>(); // the units that are not cut further, in order
        int glue = -1; // where the headings waiting for the block after them start
        for (Block b : blocks) {
            if (b.kind == Kind.HEADING) {
                if (glue < 0) glue = b.start;
                continue;
            }
            int from = glue < 0 ? b.start : glue;
            if (b.kind == Kind.CODE || length(md, from, b.end) <= max) {
                pieces.add(new int[] {from, b.end});
            } else {
                int firstMax = Math.max(1, max - length(md, from, b.start));
                splitLong(md, b.start, b.end, firstMax, max, from, pieces);
            }
            glue = -1;
        }
        if (glue >= 0) pieces.add(new int[] {glue, blocks.getLast().end});
        List<int[]> out = new ArrayList<>();
        int[] current = null;
        for (int[] p : pieces) {
            if (current != null && length(md, current[0], p[1]) <= max) {
                current[1] = p[1];
            } else {
                if (current != null) out.add(current);
                current = new int[] {p[0], p[1]};
            }
        }
        if (current != null) out.add(current);
        return out;
    }

    /**
     * Cuts [start, end) into pieces, the first at most {@code firstMax} (and starting at {@code firstFrom}, where
     * headings glued to it start), the others at most {@code max}: between lines, else sentences, else words.
     */
    private static void splitLong(String md, int start, int end, int firstMax, int max, int firstFrom,
                                  List<int[]> pieces) {
        int s = start, budget = firstMax, from = firstFrom;
        while (s < end) {
            if (length(md, s, end) <= budget) {
                pieces.add(new int[] {from, end});
                return;
            }
            int limit = md.offsetByCodePoints(s, budget); // the furthest end this piece may have
            int cut = lastBreak(md, s, limit, "\n");
            if (cut <= s) cut = lastSentence(md, s, limit);
            if (cut <= s) cut = lastBreak(md, s, limit, " ");
            if (cut <= s) cut = limit; // one word longer than a chunk
            pieces.add(new int[] {from, trimEnd(md, s, cut)});
            s = cut;
            while (s < end && (md.charAt(s) == ' ' || md.charAt(s) == '\n')) s++;
            from = s;
            budget = max;
        }
    }

    /** The end of the last {@code sep} in (s, limit], as an end for the piece before it; s when there is none. */
    private static int lastBreak(String md, int s, int limit, String sep) {
        int at = md.lastIndexOf(sep, limit);
        return at <= s ? s : at;
    }

    /** After the last ". ", "! " or "? " in (s, limit]; s when there is none. */
    private static int lastSentence(String md, int s, int limit) {
        for (int k = limit - 1; k > s + 1; k--) {
            char c = md.charAt(k - 1);
            if (md.charAt(k) == ' ' && (c == '.' || c == '!' || c == '?')) return k;
        }
        return s;
    }

    private static int trimEnd(String md, int s, int e) {
        while (e > s && Character.isWhitespace(md.charAt(e - 1))) e--;
        return e;
    }

    private static int length(String md, int start, int end) {
        return md.codePointCount(start, end);
    }

    /** The Markdown's blocks: headings, fenced code, tables, and other runs of lines between blank lines. */
    private static List<Block> blocks(String md) {
        List<Block> blocks = new ArrayList<>();
        int at = 0, n = md.length();
        while (at < n) {
            int lineEnd = lineEnd(md, at);
            String line = md.substring(at, lineEnd);
            String stripped = line.stripLeading();
            if (line.isBlank()) {
                at = next(md, lineEnd);
                continue;
            }
            int indent = line.length() - stripped.length();
            if (indent < 4 && heading(stripped) > 0) {
                int level = heading(stripped);
                blocks.add(new Block(at, lineEnd, Kind.HEADING, level, headingText(stripped, level)));
                at = next(md, lineEnd);
                continue;
            }
            String fence = indent < 4 ? fence(stripped) : null;
            if (fence != null) { // to the closing fence (of the same character, at least as long), or the end
                int e = next(md, lineEnd), blockEnd = lineEnd;
                while (e < n) {
                    int le = lineEnd(md, e);
                    String l = md.substring(e, le).strip();
                    blockEnd = le;
                    e = next(md, le);
                    if (l.startsWith(fence) && l.chars().allMatch(c -> c == fence.charAt(0))) break;
                }
                blocks.add(new Block(at, blockEnd, Kind.CODE, 0, null));
                at = e;
                continue;
            }
            boolean table = stripped.startsWith("|");
            int e = lineEnd, s = at;
            at = next(md, lineEnd);
            while (at < n) { // the block goes on to a blank line, a heading, a fence, or a change in table-ness
                int le = lineEnd(md, at);
                String l = md.substring(at, le);
                String ls = l.stripLeading();
                if (l.isBlank() || (l.length() - ls.length() < 4 && (heading(ls) > 0 || fence(ls) != null))
                        || ls.startsWith("|") != table) {
                    break;
                }
                e = le;
                at = next(md, le);
            }
            blocks.add(new Block(s, e, table ? Kind.TABLE : Kind.TEXT, 0, null));
        }
        return blocks;
    }

    private static int lineEnd(String md, int at) {
        int nl = md.indexOf('\n', at);
        return nl < 0 ? md.length() : nl;
    }

    private static int next(String md, int lineEnd) {
        return Math.min(md.length(), lineEnd + 1);
    }

    /** An ATX heading's level (1-6), or 0 when the line is not one. */
    private static int heading(String line) {
        int level = 0;
        while (level < line.length() && line.charAt(level) == '#') level++;
        if (level == 0 || level > 6) return 0;
        return level == line.length() || line.charAt(level) == ' ' || line.charAt(level) == '\t' ? level : 0;
    }

    /**
     * A heading's text, as a reader sees it: without its #s (leading and closing) and without Markdown's inline
     * syntax (backslash escapes, emphasis, code spans' backticks, links' and images' brackets and targets).
     */
    private static String headingText(String line, int level) {
        String text = line.substring(level).strip();
        int closing = text.length();
        while (closing > 0 && text.charAt(closing - 1) == '#') closing--;
        if (closing == 0 || closing < text.length() && text.charAt(closing - 1) == ' ') text = text.substring(0, closing).strip();
        return plain(text);
    }

    /** Inline Markdown as its text: {@code Lists and *tuples*} and {@code [`dict`](url)} read "Lists and tuples", "dict". */
    static String plain(String md) {
        StringBuilder out = new StringBuilder(md.length());
        int n = md.length();
        for (int k = 0; k < n; k++) {
            char c = md.charAt(k);
            if (c == '\\' && k + 1 < n && isAsciiPunctuation(md.charAt(k + 1))) {
                out.append(md.charAt(++k));
            } else if (c == '`') { // a code span: its text as it is, up to a closing run of as many backticks
                int run = k;
                while (run < n && md.charAt(run) == '`') run++;
                String fence = md.substring(k, run);
                int close = md.indexOf(fence, run);
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

    /** The opening fence of a fenced code block (three or more backticks or tildes), or null. */
    private static String fence(String line) {
        if (!line.startsWith("```") && !line.startsWith("~~~")) return null;
        char c = line.charAt(0);
        int k = 0;
        while (k < line.length() && line.charAt(k) == c) k++;
        if (c == '`' && line.indexOf('`', k) >= 0) return null; // an info string may not hold a backtick
        return line.substring(0, k);
    }
}
