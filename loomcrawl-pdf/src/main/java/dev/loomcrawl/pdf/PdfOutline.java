package dev.loomcrawl.pdf;

import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.interactive.documentnavigation.outline.PDDocumentOutline;
import org.apache.pdfbox.pdmodel.interactive.documentnavigation.outline.PDOutlineItem;
import org.apache.pdfbox.pdmodel.interactive.documentnavigation.outline.PDOutlineNode;

import java.io.IOException;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * A PDF's outline (its bookmarks) as headings: each entry that points to a page, with its depth, in the outline's
 * order; at most {@link #MAX_ENTRIES} entries and {@link #MAX_DEPTH} levels (an outline is a tree a file can make
 * deep or cyclic). Empty when the document has none, or one that cannot be read.
 */
final class PdfOutline {
    static final int MAX_ENTRIES = 2_000;
    static final int MAX_DEPTH = 6;

    private PdfOutline() {
    }

    static List<PdfMarkdown.Entry> entries(PDDocument doc) {
        List<PdfMarkdown.Entry> entries = new ArrayList<>();
        try {
            PDDocumentOutline outline = doc.getDocumentCatalog().getDocumentOutline();
            if (outline == null) return List.of();
            Map<COSDictionary, Integer> numbers = new IdentityHashMap<>(); // a page's dictionary is one object
            int n = 0;
            for (PDPage p : doc.getPages()) numbers.put(p.getCOSObject(), ++n);
            walk(doc, outline, 0, numbers, entries, new IdentityHashMap<>());
        } catch (IOException | RuntimeException e) { // a broken outline is no outline; the text stands
            return List.of();
        }
        return entries;
    }

    private static void walk(PDDocument doc, PDOutlineNode node, int depth, Map<COSDictionary, Integer> numbers,
                             List<PdfMarkdown.Entry> out, Map<COSDictionary, Boolean> seen) throws IOException {
        if (depth >= MAX_DEPTH) return;
        for (PDOutlineItem item : node.children()) {
            if (out.size() >= MAX_ENTRIES || seen.put(item.getCOSObject(), Boolean.TRUE) != null) return;
            PDPage page = item.findDestinationPage(doc);
            Integer number = page == null ? null : numbers.get(page.getCOSObject());
            String title = item.getTitle();
            if (number != null && title != null && !title.isBlank()) {
                out.add(new PdfMarkdown.Entry(title.strip(), depth, number));
            }
            walk(doc, item, depth + 1, numbers, out, seen);
        }
    }
}
