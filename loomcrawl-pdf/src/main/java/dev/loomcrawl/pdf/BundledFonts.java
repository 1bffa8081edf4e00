package dev.loomcrawl.pdf;

import org.apache.fontbox.FontBoxFont;
import org.apache.fontbox.ttf.TTFParser;
import org.apache.fontbox.ttf.TrueTypeFont;
import org.apache.pdfbox.io.RandomAccessReadBuffer;
import org.apache.pdfbox.pdmodel.font.CIDFontMapping;
import org.apache.pdfbox.pdmodel.font.FontMapper;
import org.apache.pdfbox.pdmodel.font.FontMapping;
import org.apache.pdfbox.pdmodel.font.FontMappers;
import org.apache.pdfbox.pdmodel.font.PDCIDSystemInfo;
import org.apache.pdfbox.pdmodel.font.PDFontDescriptor;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * The fonts PDFBox maps a PDF's fonts that are not embedded to: the one it bundles (Liberation Sans), never the
 * machine's. PDFBox's own mapper scans every font file of the system the first time a PDF names a font it does not
 * embed (seconds, more on a machine with many fonts) and writes a cache of them to the user's home folder. Text is
 * read with the widths the PDF and the standard fonts' metrics give, so a fallback font changes nothing of it.
 * Installed once, for the JVM ({@link #install()}).
 */
final class BundledFonts implements FontMapper {
    private static final String LIBERATION = "/org/apache/pdfbox/resources/ttf/LiberationSans-Regular.ttf";
    private static volatile boolean installed;

    private final TrueTypeFont fallback;

    private BundledFonts(TrueTypeFont fallback) {
        this.fallback = fallback;
    }

    /** Makes PDFBox map fonts here, once. */
    static void install() {
        if (installed) return;
        synchronized (BundledFonts.class) {
            if (installed) return;
            try (InputStream in = FontMapper.class.getResourceAsStream(LIBERATION)) {
                if (in == null) throw new IllegalStateException("PDFBox's bundled font is missing: " + LIBERATION);
                FontMappers.set(new BundledFonts(new TTFParser().parse(new RandomAccessReadBuffer(in))));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            installed = true;
        }
    }

    @Override
    public FontMapping<TrueTypeFont> getTrueTypeFont(String baseFont, PDFontDescriptor descriptor) {
        return new FontMapping<>(fallback, true);
    }

    @Override
    public FontMapping<FontBoxFont> getFontBoxFont(String baseFont, PDFontDescriptor descriptor) {
        return new FontMapping<>(fallback, true);
    }

    @Override
    public CIDFontMapping getCIDFont(String baseFont, PDFontDescriptor descriptor, PDCIDSystemInfo cidSystemInfo) {
        return new CIDFontMapping(null, fallback, true);
    }
}
