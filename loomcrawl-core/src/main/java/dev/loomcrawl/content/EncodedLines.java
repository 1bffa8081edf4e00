package dev.loomcrawl.content;

import java.util.Arrays;

/**
 * A block's lines already encoded as {@link OutputText} holds its text ({@link dev.loomcrawl.result.JsonText}), for
 * {@link MarkdownBlocks#block(EncodedLines)} to copy after their containers' prefixes: a pipe table's
 * ({@link PipeTable#render}). Line i is {@code bytes[i == 0 ? 0 : ends[i - 1], ends[i])}, no newline written between
 * them. Written into directly by its writer, which {@link #reserve}s first; reused, {@link #clear}ed for each block.
 */
final class EncodedLines {
    byte[] bytes;
    /** Bytes written: the end of the line being written. */
    int length;
    int[] ends = new int[16];
    int lines;
    /** Whether a surrogate was written (each as an escape of its own): only then may the lines hold a lone one. */
    boolean surrogates;

    EncodedLines(int capacity) {
        bytes = new byte[capacity];
    }

    void clear() {
        length = 0;
        lines = 0;
        surrogates = false;
    }

    /** Makes room for more bytes, so that the writer may write into {@link #bytes} without a check per byte. */
    void reserve(int more) {
        if (length + more > bytes.length) bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + more));
    }

    /** Ends the line being written where the bytes written end. */
    void endLine() {
        if (lines == ends.length) ends = Arrays.copyOf(ends, lines * 2);
        ends[lines++] = length;
    }
}
