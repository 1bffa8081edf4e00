package dev.loomcrawl.result;

import dev.loomcrawl.fetch.FetchResult;
import dev.loomcrawl.url.UrlFingerprint;

import java.util.HexFormat;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * What a re-crawl found of a URL an earlier pass had captured ({@link CrawlRecord#change()}). A URL captured for
 * the first time has no change: it is new.
 */
public enum Change {
    /** The server answered 304 to the conditional GET: not modified since the last capture. */
    NOT_MODIFIED,
    /** The same status and the same payload digest as the last capture. */
    UNCHANGED,
    /** Another status or another payload than the last capture. */
    CHANGED,
    /**
     * Another payload, but the same main text as the last capture ({@link PageContent#text()}): only the page's
     * template changed (a new footer, a menu, an ad). Told only when the last capture's main text is known.
     */
    TEMPLATE_CHANGED,
    /** It answers 404 or 410 now, and did not at its last capture. */
    GONE;

    /**
     * The name outputs use: {@code not-modified}, {@code unchanged}, {@code changed}, {@code template-changed},
     * {@code gone}.
     */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The change of that label ({@link #label()}). */
    public static Change ofLabel(String label) {
        return valueOf(label.toUpperCase(Locale.ROOT).replace('-', '_'));
    }

    /**
     * How {@code result} compares with the URL's last capture; null when there is none to compare with (a first
     * capture) or no response came (a failure says nothing of the resource). Another payload with the same status
     * is {@link #TEMPLATE_CHANGED} when the last capture's main text is known and {@code mainText} (asked only
     * then; null: the page has none) gives the same.
     */
    public static Change of(LastCapture last, FetchResult result, Supplier<String> mainText) {
        if (last == null || !(result instanceof FetchResult.Response r)) return null;
        if (r.status() == 304) return NOT_MODIFIED;
        if (gone(r.status())) return last.status() != null && gone(last.status()) ? UNCHANGED : GONE;
        if (!Objects.equals(last.status(), r.status())) return CHANGED;
        if (digest(r).equals(last.payloadDigest())) return UNCHANGED;
        String text = last.textDigest() == null ? null : mainText.get();
        return text != null && textDigest(text).equals(last.textDigest()) ? TEMPLATE_CHANGED : CHANGED;
    }

    /**
     * What a re-crawl compares a response's body by: a 64-bit MurmurHash3 of the body as received (before content
     * decoding), in hex with its name ({@code m3:0123456789abcdef}). Not SHA-1, as WARC's payload digest is: with
     * the launcher's C1-only JIT, SHA-1 costs 20 times as much (about 1 s of CPU per 260 MB of bodies, decision 15).
     */
    public static String digest(FetchResult.Response r) {
        return "m3:" + HexFormat.of().toHexDigits(UrlFingerprint.murmur3(r.wireBody()));
    }

    /** What a re-crawl compares a page's main text by: a 64-bit MurmurHash3 of its UTF-8, as {@link #digest}. */
    public static String textDigest(String text) {
        return "m3:" + HexFormat.of().toHexDigits(UrlFingerprint.murmur3(
                text.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    }

    private static boolean gone(int status) {
        return status == 404 || status == 410;
    }
}
