package dev.loomcrawl.cli;

import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentInformation;
import org.apache.pdfbox.pdmodel.PDFormContentStream;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.encryption.AccessPermission;
import org.apache.pdfbox.pdmodel.encryption.StandardProtectionPolicy;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;
import org.apache.pdfbox.pdmodel.graphics.form.PDFormXObject;
import org.apache.pdfbox.pdmodel.graphics.image.LosslessFactory;
import org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject;
import org.apache.pdfbox.pdmodel.interactive.documentnavigation.destination.PDPageFitDestination;
import org.apache.pdfbox.pdmodel.interactive.documentnavigation.outline.PDDocumentOutline;
import org.apache.pdfbox.pdmodel.interactive.documentnavigation.outline.PDOutlineItem;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * PDFs made with Apache PDFBox for the tests: a report whose headings are set large, a manual whose headings are its
 * outline, a scan (a page that is an image), an encrypted one, a truncated one, one of many pages, one of more
 * characters than are read, one whose forms take longer to read than is allowed.
 */
final class TestPdfs {
    static {
        // PDFBox writes its cache of the system's fonts (made as these PDFs name Helvetica) here, not in the home folder
        System.setProperty("pdfbox.fontcache", Path.of("target").toAbsolutePath().toString());
    }

    private static final PDType1Font BODY = new PDType1Font(Standard14Fonts.FontName.HELVETICA);
    private static final PDType1Font BOLD = new PDType1Font(Standard14Fonts.FontName.HELVETICA_BOLD);

    /** A block of a page: a heading (set at {@code size}) or a paragraph's lines (at 11 pt). */
    record Block(float size, List<String> lines) {
        static Block heading(float size, String text) {
            return new Block(size, List.of(text));
        }

        static Block paragraph(String... lines) {
            return new Block(11, List.of(lines));
        }
    }

    private TestPdfs() {
    }

    /** Three pages, title and author in its metadata, each page headed by a line set at 18 pt. */
    static byte[] report() throws IOException {
        try (PDDocument doc = new PDDocument()) {
            info(doc, "Quarterly report", "Ada Lovelace");
            for (int p = 1; p <= 3; p++) {
                page(doc, List.of(Block.heading(18, p == 1 ? "Results" : p == 2 ? "Costs" : "Outlook"),
                        Block.paragraph("Revenue of page " + p + " grew as the crawler read more documents",
                                "than any quarter before, and the reports were kept."),
                        Block.paragraph("A second paragraph on page " + p + " says what the numbers mean",
                                "for the teams that read them.")));
            }
            return save(doc);
        }
    }

    /** Two pages set in one size; its headings are its outline: Installation, Usage and, under it, Options. */
    static byte[] manual() throws IOException {
        try (PDDocument doc = new PDDocument()) {
            info(doc, "Manual", null);
            PDPage one = page(doc, List.of(Block.paragraph("Installation"),
                    Block.paragraph("Unpack the archive and put the command on your path.")));
            PDPage two = page(doc, List.of(Block.paragraph("Usage"),
                    Block.paragraph("Run the command with the address of a site."),
                    Block.paragraph("Options"), Block.paragraph("Every option has a default that suits most sites.")));
            PDDocumentOutline outline = new PDDocumentOutline();
            doc.getDocumentCatalog().setDocumentOutline(outline);
            PDOutlineItem install = item("Installation", one);
            PDOutlineItem usage = item("Usage", two);
            usage.addLast(item("Options", two));
            outline.addLast(install);
            outline.addLast(usage);
            return save(doc);
        }
    }

    /** One page that is a picture: no characters. */
    static byte[] scan() throws IOException {
        try (PDDocument doc = new PDDocument()) {
            PDPage page = new PDPage();
            doc.addPage(page);
            BufferedImage image = new BufferedImage(200, 100, BufferedImage.TYPE_INT_RGB);
            for (int x = 0; x < 200; x++) for (int y = 0; y < 100; y++) image.setRGB(x, y, (x * y) & 0xffffff);
            PDImageXObject xobject = LosslessFactory.createFromImage(doc, image);
            try (PDPageContentStream s = new PDPageContentStream(doc, page)) {
                s.drawImage(xobject, 50, 500, 400, 200);
            }
            return save(doc);
        }
    }

    /** The report, encrypted: it opens only with its user password. */
    static byte[] locked() throws IOException {
        try (PDDocument doc = org.apache.pdfbox.Loader.loadPDF(report())) {
            StandardProtectionPolicy policy = new StandardProtectionPolicy("owner-secret", "user-secret",
                    new AccessPermission());
            policy.setEncryptionKeyLength(128);
            doc.protect(policy);
            return save(doc);
        }
    }

    /** The report's first half: no cross-reference table, no end. */
    static byte[] truncated() throws IOException {
        byte[] whole = report();
        return Arrays.copyOf(whole, whole.length / 2);
    }

    /** {@code pages} pages, each one line: "Page N of the long document." */
    static byte[] many(int pages) throws IOException {
        try (PDDocument doc = new PDDocument()) {
            info(doc, "The long document", null);
            for (int p = 1; p <= pages; p++) page(doc, List.of(Block.paragraph("Page " + p + " of the long document.")));
            return save(doc);
        }
    }

    /**
     * {@code pages} pages, each a line "Page N of the dense document." above one form (drawn by every page, so the
     * file stays small) of {@code lines} lines of 1,000 characters: text past the character bound.
     */
    static byte[] dense(int pages, int lines) throws IOException {
        try (PDDocument doc = new PDDocument()) {
            info(doc, "The dense document", null);
            PDFormXObject form = form(doc);
            try (PDFormContentStream s = new PDFormContentStream(form)) {
                String words = "dense ".repeat(167).substring(0, 1000);
                for (int i = 0; i < lines; i++) {
                    s.beginText();
                    s.setFont(BODY, 2);
                    s.newLineAtOffset(10, 780 - i * 16);
                    s.showText(words);
                    s.endText();
                }
            }
            for (int p = 1; p <= pages; p++) {
                PDPage page = page(doc, List.of(Block.paragraph("Page " + p + " of the dense document.")));
                try (PDPageContentStream s = new PDPageContentStream(doc, page,
                        PDPageContentStream.AppendMode.APPEND, true)) {
                    s.drawForm(form);
                }
            }
            return save(doc);
        }
    }

    /**
     * Three pages of a line each, the second also drawing a form that draws another ten times, and so on nine deep:
     * 10^9 forms drawn, a few bytes each, showing nothing. Read, it takes far longer than any time bound.
     */
    static byte[] slow() throws IOException {
        try (PDDocument doc = new PDDocument()) {
            info(doc, "The slow document", null);
            PDFormXObject inner = form(doc);
            try (PDFormContentStream s = new PDFormContentStream(inner)) {
                s.saveGraphicsState();
                s.restoreGraphicsState();
            }
            for (int depth = 0; depth < 9; depth++) {
                PDFormXObject outer = form(doc);
                try (PDFormContentStream s = new PDFormContentStream(outer)) {
                    for (int i = 0; i < 10; i++) s.drawForm(inner);
                }
                inner = outer;
            }
            page(doc, List.of(Block.paragraph("Page one, before the slow page.")));
            PDPage slow = page(doc, List.of(Block.paragraph("Page two, whose forms never end.")));
            try (PDPageContentStream s = new PDPageContentStream(doc, slow, PDPageContentStream.AppendMode.APPEND,
                    true)) {
                s.drawForm(inner);
            }
            page(doc, List.of(Block.paragraph("Page three, after the slow page.")));
            return save(doc);
        }
    }

    private static PDFormXObject form(PDDocument doc) {
        PDFormXObject form = new PDFormXObject(doc);
        form.setBBox(new org.apache.pdfbox.pdmodel.common.PDRectangle(612, 792));
        form.setResources(new org.apache.pdfbox.pdmodel.PDResources());
        return form;
    }

    private static void info(PDDocument doc, String title, String author) {
        PDDocumentInformation info = new PDDocumentInformation();
        info.setTitle(title);
        if (author != null) info.setAuthor(author);
        doc.setDocumentInformation(info);
    }

    private static PDOutlineItem item(String title, PDPage page) {
        PDOutlineItem item = new PDOutlineItem();
        item.setTitle(title);
        PDPageFitDestination dest = new PDPageFitDestination();
        dest.setPage(page);
        item.setDestination(dest);
        return item;
    }

    /** A page of blocks from the top, lines 14 pt apart, blocks 28 pt apart. */
    private static PDPage page(PDDocument doc, List<Block> blocks) throws IOException {
        PDPage page = new PDPage();
        doc.addPage(page);
        try (PDPageContentStream s = new PDPageContentStream(doc, page)) {
            float y = 740;
            for (Block b : blocks) {
                for (String line : b.lines()) {
                    s.beginText();
                    s.setFont(b.size() > 11 ? BOLD : BODY, b.size());
                    s.newLineAtOffset(72, y);
                    s.showText(line);
                    s.endText();
                    y -= b.size() + 3;
                }
                y -= 28;
            }
        }
        return page;
    }

    private static byte[] save(PDDocument doc) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        doc.save(out);
        return out.toByteArray();
    }
}
