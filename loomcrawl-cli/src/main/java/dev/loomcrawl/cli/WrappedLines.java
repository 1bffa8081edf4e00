package dev.loomcrawl.cli;

import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.Charset;
import java.util.function.IntSupplier;

/**
 * A terminal's stream that breaks each line wider than the terminal between words, as a reader expects, rather than
 * letting the terminal cut it mid-word: every line a command prints there (its messages, errors, summaries, and the
 * log lines of serve) goes through it ({@link Main#main} puts it on standard output and error when they are
 * terminals, but for mcp and captures, whose output must stay as it is). A continuation line keeps the line's
 * indentation. A word wider than the line is left whole. Text is held until its line ends or the stream is flushed,
 * then written: a part written before a flush (a prompt, a progress line redrawn with {@code \r}) is written as it
 * is, and the column it reached is counted for the rest. Text with escape sequences (colours, a cleared line) is not
 * broken. The width is asked once, when the first line that may need it comes.
 */
final class WrappedLines extends FilterOutputStream {
    /** Lines as short as this fit any terminal: the width is not asked for them. */
    private static final int SHORT = 40;

    private final Charset charset;
    private final IntSupplier width;
    private final ByteArrayOutputStream pending = new ByteArrayOutputStream(256);
    private int columns = -1;
    /** The column the terminal's cursor is at: what was written of the current line before a flush. */
    private int column;
    /** The current line's indentation, known when it began in this stream. */
    private String indent = "";

    /**
     * Standard output and error, where each is a terminal, replaced by a {@link PrintStream} through a
     * {@code WrappedLines} on the terminal's width ({@link TerminalWidth#ask}), in the stream's own charset.
     */
    static void onStandardStreams() {
        if (Terminal.isTerminal(1)) System.setOut(wrapping(System.out, FileDescriptor.out));
        if (Terminal.isTerminal(2)) System.setErr(wrapping(System.err, FileDescriptor.err));
    }

    private static PrintStream wrapping(PrintStream was, FileDescriptor fd) {
        Charset charset = was.charset();
        OutputStream file = new BufferedOutputStream(new FileOutputStream(fd), 8192);
        return new PrintStream(new WrappedLines(file, charset, new AskedWidth()), true, charset);
    }

    /** The terminal's width, asked when first needed. A class, not a lambda, as in Main (decision 21). */
    private static final class AskedWidth implements IntSupplier {
        @Override
        public int getAsInt() {
            return TerminalWidth.ask();
        }
    }

    WrappedLines(OutputStream out, Charset charset, IntSupplier width) {
        super(out);
        this.charset = charset;
        this.width = width;
    }

    @Override
    public synchronized void write(int b) throws IOException {
        pending.write(b);
        if (b == '\n') emit(true);
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) throws IOException {
        int start = off;
        for (int i = off; i < off + len; i++) {
            if (b[i] == '\n') {
                pending.write(b, start, i + 1 - start);
                emit(true);
                start = i + 1;
            }
        }
        pending.write(b, start, off + len - start);
    }

    @Override
    public synchronized void flush() throws IOException {
        emit(false);
        out.flush();
    }

    /** Writes what is pending: a whole line ({@code ended}) or the part of one written so far. */
    private void emit(boolean ended) throws IOException {
        if (pending.size() == 0) return;
        String text = pending.toString(charset);
        pending.reset();
        int cr = text.lastIndexOf('\r');
        if (cr >= 0) { // a line redrawn from its start: only what follows the last \r is on the screen
            out.write(text.substring(0, cr + 1).getBytes(charset));
            text = text.substring(cr + 1);
            column = 0;
            indent = "";
        }
        String body = ended ? text.substring(0, text.length() - 1) : text;
        if (column == 0) indent = leading(body);
        String wrapped = body.indexOf('\u001b') >= 0 ? body : wrapped(body);
        out.write((ended ? wrapped + "\n" : wrapped).getBytes(charset));
        if (ended) {
            column = 0;
            indent = "";
        } else {
            int lastBreak = wrapped.lastIndexOf('\n');
            column = lastBreak >= 0 ? width(wrapped.substring(lastBreak + 1)) : column + width(wrapped);
        }
    }

    /** {@code text}, written from {@link #column}, with line ends put between words where it would not fit. */
    private String wrapped(String text) {
        if (column + width(text) <= SHORT) return text;
        if (columns < 0) columns = Math.max(SHORT, width.getAsInt());
        return wrap(text, column, columns, indent.length() > columns / 2 ? "" : indent);
    }

    /**
     * {@code text}, written from column {@code at}, with line ends put between words so that each line fits
     * {@code columns}; each line after the first starts with {@code continuation}. A word wider than a line is left
     * whole. The one way loomcrawl breaks a line: this stream's, and help's ({@link GroupedHelp}).
     */
    static String wrap(String text, int at, int columns, String continuation) {
        StringBuilder into = new StringBuilder(text.length() + 16);
        String rest = text;
        while (at + width(rest) > columns) {
            int space = lastSpaceWithin(rest, columns - at);
            if (space < 0) { // the first word does not fit in what is left of this line
                if (at > continuation.length()) { // on a line of its own, it may
                    into.append('\n').append(continuation);
                    at = continuation.length();
                    rest = rest.stripLeading();
                    continue;
                }
                space = rest.indexOf(' ', leading(rest).length()); // a word wider than a line: left whole
                if (space < 0) break;
            }
            into.append(rest, 0, space).append('\n').append(continuation);
            rest = rest.substring(space).stripLeading();
            at = continuation.length();
        }
        return into.append(rest).toString();
    }

    /** The last space in {@code text} before which it fits {@code room} columns, not in its indentation; or -1. */
    private static int lastSpaceWithin(String text, int room) {
        int from = leading(text).length();
        int found = -1;
        for (int i = text.indexOf(' ', from); i >= 0 && i <= room; i = text.indexOf(' ', i + 1)) found = i;
        return found;
    }

    private static String leading(String text) {
        int i = 0;
        while (i < text.length() && text.charAt(i) == ' ') i++;
        return text.substring(0, i);
    }

    /** Columns {@code text} takes: one a code point (tabs and wide characters are rare in what is wrapped). */
    private static int width(String text) {
        return text.codePointCount(0, text.length());
    }
}
