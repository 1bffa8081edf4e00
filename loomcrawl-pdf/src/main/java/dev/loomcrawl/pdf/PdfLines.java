package dev.loomcrawl.pdf;

import org.apache.pdfbox.contentstream.operator.Operator;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.text.PDFTextStripper;
import org.apache.pdfbox.text.TextPosition;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * PDFBox's text stripper, its output taken as lines instead of one string: each line's text, its page, its font
 * size (the largest on the line) and whether it starts a paragraph (PDFBox's own paragraph breaks: a drop or an
 * indent). It reads at most {@code maxPages} pages and {@code maxChars} characters, and nothing after
 * {@code deadline}: {@link #cut()} says where it stopped. The characters and the deadline are watched as a page's
 * content is run, not only between pages: a page whose forms draw each other a billion times, or that holds
 * millions of characters (each a {@link TextPosition} held until the page ends), stops there, and the text it had
 * so far is kept.
 */
final class PdfLines extends PDFTextStripper {
    /** One line of text as laid out. */
    record Line(int page, String text, float size, boolean paragraphStart) {}

    /** Where reading stopped before the document's end, or {@code NONE}. */
    enum Cut { NONE, PAGES, CHARS, TIME }

    /** The deadline is looked at once in this many operators of a page's content. */
    private static final int OPERATORS_PER_LOOK = 256;

    /** Thrown out of a page's content once reading is cut: the page's text so far is still written. */
    private static final class Stop extends RuntimeException {
        Stop() {
            super(null, null, false, false);
        }
    }

    private final int maxPages;
    private final int maxChars;
    private final Instant deadline;
    private final List<Line> lines = new ArrayList<>();
    private final StringBuilder line = new StringBuilder();
    private float size;
    private boolean paragraphStart = true;
    private int chars;
    /** The text written reached {@code maxChars}: nothing more is written. */
    private boolean full;
    /** Characters of the document collected so far, as laid out (before they are written as lines). */
    private long positions;
    private int operators;
    private int pagesRead;
    private Cut cut = Cut.NONE;

    PdfLines(int maxPages, int maxChars, Instant deadline) {
        this.maxPages = maxPages;
        this.maxChars = maxChars;
        this.deadline = deadline;
        setSortByPosition(false); // the content stream's order: columns stay whole
    }

    List<Line> lines() {
        return lines;
    }

    Cut cut() {
        return cut;
    }

    /** How many pages were read (all of them when {@link #cut()} is {@code NONE}). */
    int pagesRead() {
        return pagesRead;
    }

    @Override
    public void processPage(PDPage page) throws java.io.IOException {
        if (cut != Cut.NONE) return;
        if (pagesRead >= maxPages) {
            cut = Cut.PAGES;
        } else if (Instant.now().isAfter(deadline)) {
            cut = Cut.TIME;
        } else {
            pagesRead++;
            try {
                super.processPage(page);
            } catch (Stop stop) { // cut mid-page: what the page showed so far is written, then the page ends
                writePage();
                endPage(page);
            }
        }
    }

    @Override
    protected void processOperator(Operator operator, List<COSBase> operands) throws java.io.IOException {
        if (++operators % OPERATORS_PER_LOOK == 0 && Instant.now().isAfter(deadline)) {
            cut = Cut.TIME;
            throw new Stop();
        }
        super.processOperator(operator, operands);
    }

    @Override
    protected void processTextPosition(TextPosition text) {
        if (cut != Cut.NONE) return;
        if (++positions > maxChars) { // more than the text kept: the rest of the page is not even collected
            cut = Cut.CHARS;
            throw new Stop();
        }
        super.processTextPosition(text);
    }

    @Override
    protected void writeString(String text, List<TextPosition> positions) {
        if (full) return; // (a page cut mid-way by the deadline is still written: what it collected is kept)
        if (chars + text.length() > maxChars) {
            full = true;
            cut = Cut.CHARS;
            return;
        }
        chars += text.length();
        line.append(text);
        for (TextPosition p : positions) size = Math.max(size, p.getFontSizeInPt());
    }

    @Override
    protected void writeWordSeparator() {
        if (!line.isEmpty()) line.append(' ');
    }

    @Override
    protected void writeLineSeparator() {
        endLine();
    }

    // a paragraph's or a page's start or end: the line so far ends, and the next starts a paragraph
    @Override
    protected void writeParagraphStart() {
        newParagraph();
    }

    @Override
    protected void writeParagraphEnd() {
        newParagraph();
    }

    @Override
    protected void writePageStart() {
        newParagraph();
    }

    @Override
    protected void writePageEnd() {
        newParagraph();
    }

    private void newParagraph() {
        endLine();
        paragraphStart = true;
    }

    private void endLine() {
        String text = line.toString().strip();
        if (!text.isEmpty()) {
            lines.add(new Line(getCurrentPageNo(), text, size, paragraphStart));
            paragraphStart = false;
        }
        line.setLength(0);
        size = 0;
    }
}
