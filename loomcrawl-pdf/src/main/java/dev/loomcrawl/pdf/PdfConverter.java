package dev.loomcrawl.pdf;

import dev.loomcrawl.content.Conversion;
import dev.loomcrawl.content.DocumentConverter;
import dev.loomcrawl.extract.PageFacts;
import dev.loomcrawl.result.PageContent;
import dev.loomcrawl.result.PageKind;
import dev.loomcrawl.result.PageText;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.io.IOUtils;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentInformation;
import org.apache.pdfbox.pdmodel.encryption.InvalidPasswordException;

import java.io.IOException;
import java.io.Writer;
import java.time.Instant;
import java.util.List;

/**
 * A PDF as content, with Apache PDFBox: its text by page, in paragraphs, with headings from its outline or font
 * sizes ({@link PdfMarkdown}), its title and author from its metadata, its number of pages. Bounded: at most
 * {@link #MAX_PAGES} pages and {@link #MAX_CHARS} characters are read, none after the deadline, the note saying what
 * was left out; the document is parsed in memory only (its body is within {@code --max-body} already). An encrypted
 * PDF that opens without a password is read; one that needs a password is {@code encrypted}, one PDFBox cannot parse
 * {@code malformed}: no text, the record says so. A PDF whose pages have no text (a scan) is read, of kind
 * {@code empty}, the note saying it has no text.
 */
public final class PdfConverter implements DocumentConverter {
    /** The most pages read of one PDF. */
    public static final int MAX_PAGES = 1_000;
    /** The most characters of text kept of one PDF. */
    public static final int MAX_CHARS = 4 * 1024 * 1024;

    /** Found by {@link java.util.ServiceLoader} at every crawl's start: nothing of PDFBox is loaded until a PDF is. */
    public PdfConverter() {}

    @Override
    public boolean converts(String mediaType) {
        return mediaType.equals("application/pdf") || mediaType.equals("application/x-pdf");
    }

    @Override
    public Conversion convert(byte[] body, String charset, String url, Instant deadline) {
        BundledFonts.install(); // the first PDF parses the fallback font (25 ms of CPU), not every crawl's start
        try (PDDocument doc = Loader.loadPDF(body, "", null, null, IOUtils.createMemoryOnlyStreamCache())) {
            int pages = doc.getNumberOfPages();
            PdfLines lines = new PdfLines(MAX_PAGES, MAX_CHARS, deadline);
            lines.writeText(doc, Writer.nullWriter());
            if (lines.cut() == PdfLines.Cut.TIME && lines.lines().isEmpty()) {
                return new Conversion.Unreadable("pdf", Conversion.Problem.TIMED_OUT, null);
            }
            PdfMarkdown.Written written = PdfMarkdown.write(lines.lines(), PdfOutline.entries(doc));
            PageFacts facts = facts(doc.getDocumentInformation());
            boolean empty = written.text().isEmpty();
            PageContent content = new PageContent(facts, PageText.of(written.text()), PageText.of(written.markdown()),
                    true, empty ? PageKind.EMPTY : PageKind.ARTICLE, pages);
            return new Conversion.Text(content, empty ? noText(pages) : cutNote(lines, pages));
        } catch (InvalidPasswordException e) {
            return new Conversion.Unreadable("pdf", Conversion.Problem.ENCRYPTED, null);
        } catch (IOException | RuntimeException e) {
            return new Conversion.Unreadable("pdf", Conversion.Problem.MALFORMED, oneLine(e.getMessage()));
        }
    }

    private static String noText(int pages) {
        return "pdf has no text: its " + (pages == 1 ? "page holds" : pages + " pages hold")
                + " no characters (a scan?)";
    }

    private static String cutNote(PdfLines lines, int pages) {
        return switch (lines.cut()) {
            case NONE -> null;
            case PAGES -> "pdf text of its first " + lines.pagesRead() + " of " + pages + " pages";
            case CHARS -> "pdf text cut at " + MAX_CHARS + " characters, on page " + lines.pagesRead() + " of "
                    + pages;
            case TIME -> "pdf text of its first " + lines.pagesRead() + " of " + pages + " pages: out of time";
        };
    }

    private static PageFacts facts(PDDocumentInformation info) {
        if (info == null) return PageFacts.NONE;
        return PageFacts.of(info.getTitle(), info.getSubject(), null, null, null,
                info.getCreationDate() == null ? null : info.getCreationDate().toInstant().toString(),
                info.getModificationDate() == null ? null : info.getModificationDate().toInstant().toString(),
                info.getAuthor());
    }

    private static String oneLine(String message) {
        if (message == null) return null;
        String line = message.strip().replaceAll("\\s+", " ");
        return line.length() > 200 ? line.substring(0, 199) + "…" : line;
    }
}
