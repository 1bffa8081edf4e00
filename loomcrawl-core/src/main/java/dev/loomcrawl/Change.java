package dev.loomcrawl;

import dev.loomcrawl.fetch.FetchResult;
import dev.loomcrawl.frontier.LastCapture;
import org.netpreserve.jwarc.WarcDigest;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Locale;
import java.util.Objects;

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
    /** It answers 404 or 410 now, and did not at its last capture. */
    GONE;

    /** The name outputs use: {@code not-modified}, {@code unchanged}, {@code changed}, {@code gone}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The change of that label ({@link #label()}). */
    public static Change ofLabel(String label) {
        return valueOf(label.toUpperCase(Locale.ROOT).replace('-', '_'));
    }

    /**
     * How {@code result} compares with the URL's last capture; null when there is none to compare with (a first
     * capture) or no response came (a failure says nothing of the resource).
     */
    public static Change of(LastCapture last, FetchResult result) {
        if (last == null || !(result instanceof FetchResult.Response r)) return null;
        if (r.status() == 304) return NOT_MODIFIED;
        if (gone(r.status())) return last.status() != null && gone(last.status()) ? UNCHANGED : GONE;
        return Objects.equals(last.status(), r.status()) && digest(r).equals(last.payloadDigest()) ? UNCHANGED
                : CHANGED;
    }

    /**
     * A response's payload digest, as WARC writes it: SHA-1 of the body as received (before content decoding), in
     * base 32 with its algorithm ({@code sha1:FBGZKQNU...}).
     */
    public static String digest(FetchResult.Response r) {
        try {
            MessageDigest sha1 = MessageDigest.getInstance("SHA-1");
            sha1.update(r.wireBody());
            return new WarcDigest(sha1).prefixedBase32();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-1", e);
        }
    }

    private static boolean gone(int status) {
        return status == 404 || status == 410;
    }
}
