package dev.loomcrawl.output.lines;

import dev.loomcrawl.output.CommitStage;
import dev.loomcrawl.result.JsonText;
import dev.loomcrawl.result.PageContent;
import dev.loomcrawl.result.PageText;
import dev.loomcrawl.url.UrlFingerprint;
import it.unimi.dsi.fastutil.longs.Long2ObjectLinkedOpenHashMap;

import java.util.HexFormat;

/**
 * The first page written with each main text, so that a page with the same main text as an earlier one is chunked
 * once and recorded as its duplicate ({@code duplicate_of}). A page's main text is known by a 64-bit MurmurHash3 of its
 * {@code text} as the content output writes it ({@link #digest}); a page without text is no page's duplicate. The
 * content outputs of one crawl share one, and ask it in the journal's commit order, on its writer thread only: the
 * same page is the first for all of them, and the first is always written before its duplicates.
 *
 * <p>Bounded. With a crawl's state that keeps payload originals ({@link CommitStage#keepsPayloads}: SQLite), the
 * state keeps them, under {@code text:} and the digest, remembered in the same commit as the lines that name them:
 * over every run and pass, on disk, so that a resumed crawl knows the pages of the runs before. Otherwise they are
 * kept in memory, at most {@value #PAGES} pages and {@value #URL_CHARS} characters of their URLs, the oldest
 * forgotten first: a page's duplicates (its {@code /} and {@code /index.html}, a print view, a tracking query) are
 * mostly found near it in a crawl, and a duplicate of a forgotten page is only chunked again, never misnamed.
 */
public final class MainTexts {
    /** Pages remembered in memory, at most. */
    public static final int PAGES = 100_000;
    /** Characters of the URLs remembered in memory, at most (16 MiB as UTF-16). */
    public static final int URL_CHARS = 8 << 20;

    private final CommitStage state; // null: kept in memory
    private final int pages;
    private final long urlChars;
    private final Long2ObjectLinkedOpenHashMap<String> firsts = new Long2ObjectLinkedOpenHashMap<>();
    private long chars;

    private MainTexts(CommitStage state, int pages, long urlChars) {
        this.state = state;
        this.pages = pages;
        this.urlChars = urlChars;
    }

    /** The first pages of a crawl written by {@code journal}: in its state when it keeps payloads, else in memory. */
    public static MainTexts of(CommitStage journal) {
        return journal.keepsPayloads() ? new MainTexts(journal, 0, 0) : inMemory(PAGES, URL_CHARS);
    }

    /** Kept in memory: at most {@code pages} pages, and {@code urlChars} characters of their URLs. */
    static MainTexts inMemory(int pages, long urlChars) {
        return new MainTexts(null, pages, urlChars);
    }

    /** The digest of a page's main text; 0 for a page without text, which is never a duplicate. */
    public static long digest(PageContent content) {
        PageText text = content.textAsWritten();
        if (text.json() != null) {
            return text.jsonLength() == 0 ? 0 : UrlFingerprint.murmur3(text.json(), text.jsonLength());
        }
        String s = text.toString(); // held as a String (made by a caller): its bytes as the conversion writes them
        if (s.isEmpty()) return 0;
        byte[] b = new byte[s.length() * 6];
        int n = 0;
        for (int i = 0; i < s.length(); i++) n = JsonText.write(b, n, s.charAt(i));
        return UrlFingerprint.murmur3(b, JsonText.wellFormed(b, n));
    }

    /**
     * The URL of the first page written with main text {@code digest}, when that is not {@code url}; null when
     * {@code url} is that page: the first with it, now remembered (or a page written again, as a re-crawl writes it).
     * On the journal's writer thread only, while it has the outputs write a batch.
     */
    public String originalOf(long digest, String url) {
        if (digest == 0) return null;
        String first;
        if (state != null) {
            first = state.originalPayload("text:" + HexFormat.of().toHexDigits(digest), url);
        } else {
            first = firsts.get(digest);
            if (first == null) remember(digest, url);
        }
        return first == null || first.equals(url) ? null : first;
    }

    private void remember(long digest, String url) {
        firsts.put(digest, url);
        chars += url.length();
        while (firsts.size() > pages || chars > urlChars && firsts.size() > 1) {
            chars -= firsts.removeFirst().length();
        }
    }

    /** Pages remembered in memory. */
    int size() {
        return firsts.size();
    }
}
