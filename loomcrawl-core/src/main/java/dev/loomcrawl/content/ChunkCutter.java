package dev.loomcrawl.content;

import dev.loomcrawl.content.ChunkBlocks.Block;
import dev.loomcrawl.content.ChunkBlocks.Fence;
import dev.loomcrawl.content.ChunkBlocks.Kind;

import java.util.ArrayList;
import java.util.List;

/**
 * Cuts a section too long for one chunk into pieces of at most {@code max} code points: between its blocks, a block
 * between its lines, a line between sentences, then words. A fenced code block is cut between its lines into fences
 * of their own: a piece that starts inside it gets the fence's opening line before it, one that ends inside it a
 * closing line after it, both with the block's prefix (its list indentation, its quote marks). Every cut point is
 * found by looking back from the furthest end a piece may have, no further than the piece's start, and the lengths
 * are asked of a {@link CodePoints}, so the time is linear in the section.
 */
final class ChunkCutter {
    /**
     * A piece of a chunk: the Markdown's [start, end) in chars, and the text that makes a fence it cuts whole again,
     * before it and after it ("" for none).
     */
    record Piece(int start, int end, String before, String after) {
        static Piece of(int start, int end) {
            return new Piece(start, end, "", "");
        }

        int extra() {
            return before.codePointCount(0, before.length()) + after.codePointCount(0, after.length());
        }
    }

    private final String md;
    private final CodePoints cps;
    private final int max;

    ChunkCutter(String md, CodePoints cps, int max) {
        this.md = md;
        this.cps = cps;
        this.max = max;
    }

    int length(int start, int end) {
        return cps.count(start, end);
    }

    /** A section's pieces, in order, consecutive ones put together as long as they fit. */
    List<Piece> section(List<Block> blocks) {
        List<Piece> pieces = new ArrayList<>(); // the units that are not cut further, in order
        int glue = -1, glueEnd = -1; // the headings waiting for the block after them
        for (Block b : blocks) {
            if (b.kind() == Kind.HEADING) {
                if (glue < 0) glue = b.start();
                glueEnd = b.end();
                continue;
            }
            int from = glue < 0 ? b.start() : glue;
            if (glue >= 0 && length(from, b.end()) > max && length(from, b.start()) + room(b) > max) {
                text(glue, glueEnd, max, glue, pieces); // headings too long to leave room for what follows
                from = b.start();
            }
            block(b, from, pieces);
            glue = -1;
        }
        if (glue >= 0) text(glue, glueEnd, max, glue, pieces);
        List<Piece> out = new ArrayList<>();
        Piece current = null;
        for (Piece p : pieces) {
            Piece joined = current == null ? null : new Piece(current.start, p.end, current.before, p.after);
            if (joined != null && length(joined.start, joined.end) + joined.extra() <= max) {
                current = joined;
            } else {
                if (current != null) out.add(current);
                current = p;
            }
        }
        if (current != null) out.add(current);
        return out;
    }

    /** The least a block's first piece takes, after the headings glued to it. */
    private int room(Block b) {
        if (!repairs(b)) return 1;
        Fence f = b.fence();
        return length(b.start(), f.contentStart()) + f.prefix().length() + 1 + closing(f).length();
    }

    /** Block b's pieces, the first starting at from (where headings glued to it start). */
    private void block(Block b, int from, List<Piece> pieces) {
        if (length(from, b.end()) <= max) {
            pieces.add(Piece.of(from, b.end()));
        } else if (repairs(b)) {
            fence(b, from, pieces);
        } else {
            text(b.start(), b.end(), Math.max(1, max - length(from, b.start())), from, pieces);
        }
    }

    /**
     * Whether a code block can be cut into fences of its own: when its opening and closing lines and its prefix take
     * at most half a chunk (else it is cut as text is).
     */
    private boolean repairs(Block b) {
        Fence f = b.fence();
        if (b.kind() != Kind.CODE || f == null) return false;
        String open = opening(f);
        return (long) open.codePointCount(0, open.length()) + f.prefix().length() + closing(f).length() <= max / 2;
    }

    private static String opening(Fence f) {
        return f.prefix() + f.run() + f.info() + "\n";
    }

    private static String closing(Fence f) {
        return "\n" + f.prefix() + f.run();
    }

    /** A fenced code block cut between its lines into fences of their own, a line too long inside it. */
    private void fence(Block b, int from, List<Piece> pieces) {
        Fence f = b.fence();
        String open = opening(f), close = closing(f), openInLine = open + f.prefix();
        int closeLength = close.length(); // the prefix and fence are ASCII
        int contentEnd = f.closeStart() < 0 ? b.end() : f.closeStart() - 1; // the last content line's end
        int start = from, s = f.contentStart();
        String before = "";
        boolean midLine = false; // s is inside a line, cut before
        while (true) {
            int beforeLength = before.codePointCount(0, before.length());
            if (beforeLength + length(start, b.end()) <= max) {
                pieces.add(new Piece(start, b.end(), before, ""));
                return;
            }
            int limit = cps.offset(start, max - beforeLength - closeLength); // the furthest end of this piece
            int floor = midLine ? s : s - 1; // an empty line at s ends at s
            int e = lastIndex('\n', floor, Math.min(limit, contentEnd)); // after whole lines
            if (e > floor && e > start) {
                pieces.add(new Piece(start, e, before, close));
                start = s = e + 1;
                before = open;
                midLine = false;
                continue;
            }
            // the line at s is too long for a piece: cut inside it, after its prefix, at a space if it has one
            floor = s;
            if (!midLine) {
                while (floor < limit && md.charAt(floor) == '\n') floor++; // empty lines before it
                int line = floor;
                while (floor < limit && floor - line < f.prefix().length() && md.charAt(floor) != '\n') floor++;
            }
            int cut = lastIndex(' ', floor, limit);
            if (cut <= floor) cut = limit;
            pieces.add(new Piece(start, cut, before, close));
            start = s = cut;
            midLine = md.charAt(cut - 1) != '\n';
            before = midLine ? openInLine : open;
        }
    }

    /**
     * Cuts [start, end) into pieces, the first at most {@code firstMax} (and starting at {@code firstFrom}, where
     * headings glued to it start), the others at most {@code max}: between lines, else sentences, else words. A
     * piece after a line's end starts at the next line's start, its indentation kept.
     */
    private void text(int start, int end, int firstMax, int firstFrom, List<Piece> pieces) {
        int s = start, budget = firstMax, from = firstFrom;
        while (s < end) {
            if (length(s, end) <= budget) {
                pieces.add(Piece.of(from, end));
                return;
            }
            int limit = cps.offset(s, budget); // the furthest end this piece may have
            int floor = s; // a cut goes after the piece's first text, not in the indentation before it
            while (floor < limit && md.charAt(floor) == ' ') floor++;
            int cut = lastIndex('\n', floor, limit);
            if (cut <= floor) cut = lastSentence(floor, limit);
            if (cut <= floor) cut = lastIndex(' ', floor, limit);
            if (cut <= floor) cut = limit; // one word longer than a chunk
            int e = trimEnd(s, cut);
            if (e > s) {
                pieces.add(Piece.of(from, e));
            } else if (from < s) { // only spaces up to the cut: the headings glued to them are a piece alone
                pieces.add(Piece.of(from, trimEnd(from, s)));
            }
            s = nextStart(cut, end);
            from = s;
            budget = max;
        }
    }

    /** Where the piece after a cut at cut starts: after the line ends and spaces that follow it, indentation kept. */
    private int nextStart(int cut, int end) {
        int p = cut, lineStart = -1;
        while (p < end) {
            char c = md.charAt(p);
            if (c == '\n') {
                lineStart = ++p;
            } else if (c == ' ') {
                p++;
            } else {
                break;
            }
        }
        return lineStart >= 0 && lineStart < end ? lineStart : p;
    }

    /** The last c in (floor, limit], as an end for the piece before it; floor when there is none. */
    private int lastIndex(char c, int floor, int limit) {
        for (int k = Math.min(limit, md.length() - 1); k > floor; k--) {
            if (md.charAt(k) == c) return k;
        }
        return floor;
    }

    /** After the last ". ", "! " or "? " in (floor, limit]; floor when there is none. */
    private int lastSentence(int floor, int limit) {
        for (int k = Math.min(limit, md.length() - 1); k > floor + 1; k--) {
            char c = md.charAt(k - 1);
            if (md.charAt(k) == ' ' && (c == '.' || c == '!' || c == '?')) return k;
        }
        return floor;
    }

    private int trimEnd(int s, int e) {
        while (e > s && Character.isWhitespace(md.charAt(e - 1))) e--;
        return e;
    }
}
