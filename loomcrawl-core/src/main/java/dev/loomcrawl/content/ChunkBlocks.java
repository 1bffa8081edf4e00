package dev.loomcrawl.content;

import java.util.ArrayList;
import java.util.List;

/**
 * The blocks of a page's Markdown, as {@link Chunks} cuts it: headings, fenced code blocks, tables, and other runs
 * of lines between blank lines. One pass over the lines.
 *
 * <p>A fenced code block is found inside list items and block quotes too, as {@link Markdown} writes them: its
 * opening line is the containers' prefix ({@code "> "}, {@code "- "}, {@code "1. "}, spaces), then the fence; its
 * later lines start with that prefix, list markers made spaces ({@code ">   "}), which is what a piece of it needs
 * to be a fence of its own again.
 */
final class ChunkBlocks {
    private ChunkBlocks() {
    }

    enum Kind { HEADING, CODE, TABLE, TEXT }

    /**
     * A fenced code block's parts: the prefix of its later lines, its fence ({@code "```"}), its info string (the
     * language, as written), where its content lines start, and where its closing line starts (-1: none, it runs
     * to the end of its container or the Markdown).
     */
    record Fence(String prefix, String run, String info, int contentStart, int closeStart) {}

    /**
     * A block: a range of whole lines, [start, end) in chars, the end before its last newline; a heading's level
     * and text (as {@link Chunks#plain} gives it), a code block's fence.
     */
    record Block(int start, int end, Kind kind, int level, String heading, Fence fence) {}

    static List<Block> of(String md) {
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
            int level = indent < 4 ? heading(stripped) : 0;
            if (level > 0) {
                blocks.add(new Block(at, lineEnd, Kind.HEADING, level, Chunks.headingText(stripped, level), null));
                at = next(md, lineEnd);
                continue;
            }
            int prefix = fenceAt(line);
            if (prefix >= 0) {
                at = fenced(md, at, lineEnd, line, prefix, blocks);
                continue;
            }
            boolean table = stripped.startsWith("|");
            int e = lineEnd, s = at;
            at = next(md, lineEnd);
            while (at < n) { // the block goes on to a blank line, a heading, a fence, or a change in table-ness
                int le = lineEnd(md, at);
                String l = md.substring(at, le);
                String ls = l.stripLeading();
                if (l.isBlank() || l.length() - ls.length() < 4 && heading(ls) > 0 || fenceAt(l) >= 0
                        || ls.startsWith("|") != table) {
                    break;
                }
                e = le;
                at = next(md, le);
            }
            blocks.add(new Block(s, e, table ? Kind.TABLE : Kind.TEXT, 0, null, null));
        }
        return blocks;
    }

    /**
     * Adds the fenced code block whose opening line is line (at [at, lineEnd), its fence after prefix chars), up to
     * its closing line, a line that leaves its containers, or the end; returns where the next line starts.
     */
    private static int fenced(String md, int at, int lineEnd, String line, int prefix, List<Block> blocks) {
        int n = md.length();
        String rest = line.substring(prefix);
        String run = fence(rest);
        String later = continuation(line.substring(0, prefix));
        String blank = later.stripTrailing(); // a blank line inside it, as Markdown writes one
        boolean quoted = later.indexOf('>') >= 0;
        int e = next(md, lineEnd), blockEnd = lineEnd, closeStart = -1;
        while (e < n) {
            int le = lineEnd(md, e);
            String l = md.substring(e, le);
            boolean inside = l.startsWith(later) || l.equals(blank) || !quoted && l.isBlank();
            String content = inside && l.length() > later.length() ? l.substring(later.length()).strip() : "";
            // a line that leaves its containers ends it, but one that closes it at a smaller indentation
            if (!inside && (quoted || !closes(content = l.strip(), run))) break;
            blockEnd = le;
            if (closes(content, run)) {
                closeStart = e;
                e = next(md, le);
                break;
            }
            e = next(md, le);
        }
        String info = rest.substring(run.length()).strip();
        blocks.add(new Block(at, blockEnd, Kind.CODE, 0, null,
                new Fence(later, run, info, Math.min(next(md, lineEnd), blockEnd), closeStart)));
        return e;
    }

    /** Whether a line's content, stripped, closes a fence opened with run. */
    private static boolean closes(String content, String run) {
        return content.startsWith(run) && content.chars().allMatch(c -> c == run.charAt(0));
    }

    /**
     * Where the fence of a line that opens a fenced code block starts, after its containers' prefix: quote marks,
     * list markers and spaces; -1 when the line opens none.
     */
    static int fenceAt(String line) {
        int p = 0, n = line.length();
        while (p < n) {
            char c = line.charAt(p);
            if (c == ' ') {
                p++;
            } else if (c == '>') {
                p++;
            } else if ((c == '-' || c == '*' || c == '+') && p + 1 < n && line.charAt(p + 1) == ' ') {
                p += 2;
            } else if (c >= '0' && c <= '9') {
                int d = p;
                while (d < n && d - p < 9 && line.charAt(d) >= '0' && line.charAt(d) <= '9') d++;
                if (d + 1 >= n || line.charAt(d) != '.' && line.charAt(d) != ')' || line.charAt(d + 1) != ' ') break;
                p = d + 2;
            } else {
                break;
            }
        }
        return fence(line.substring(p)) != null ? p : -1;
    }

    /** The prefix of a container's later lines, from its first line's: list markers become spaces. */
    private static String continuation(String prefix) {
        StringBuilder out = new StringBuilder(prefix.length());
        for (int i = 0; i < prefix.length(); i++) {
            char c = prefix.charAt(i);
            out.append(c == '>' ? '>' : ' ');
        }
        return out.toString();
    }

    static int lineEnd(String md, int at) {
        int nl = md.indexOf('\n', at);
        return nl < 0 ? md.length() : nl;
    }

    private static int next(String md, int lineEnd) {
        return Math.min(md.length(), lineEnd + 1);
    }

    /** An ATX heading's level (1-6), or 0 when the line is not one. */
    static int heading(String line) {
        int level = 0;
        while (level < line.length() && line.charAt(level) == '#') level++;
        if (level == 0 || level > 6) return 0;
        return level == line.length() || line.charAt(level) == ' ' || line.charAt(level) == '\t' ? level : 0;
    }

    /** The opening fence of a fenced code block (three or more backticks or tildes), or null. */
    static String fence(String line) {
        if (!line.startsWith("```") && !line.startsWith("~~~")) return null;
        char c = line.charAt(0);
        int k = 0;
        while (k < line.length() && line.charAt(k) == c) k++;
        if (c == '`' && line.indexOf('`', k) >= 0) return null; // an info string may not hold a backtick
        return line.substring(0, k);
    }
}
