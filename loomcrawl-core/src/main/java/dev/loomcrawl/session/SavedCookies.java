package dev.loomcrawl.session;

import dev.loomcrawl.result.FinishedUrl;
import dev.loomcrawl.fetch.CookieJar;
import dev.loomcrawl.output.CommittedOutput;

import java.util.List;

/**
 * Keeps a crawl's cookie jar in its state: registered with the state's commits under {@link #KEY}, it hands
 * each commit the jar as a Netscape cookies.txt text, saved in the same transaction as the batch's records, so a
 * resumed crawl (even after a kill) goes on with the cookies it had at its last commit. It reads back with
 * {@link #restore}.
 */
public final class SavedCookies implements CommittedOutput<Void> {
    /** The key the jar is saved under, beside the outputs' ends. */
    public static final String KEY = "cookies";

    private final CookieJar jar;
    private long savedVersion = -1;
    private String saved = "";

    public SavedCookies(CookieJar jar) {
        this.jar = jar;
    }

    /** Puts back the cookies a state saved ({@code saved} as the commit stage gives it back; null or empty: none). */
    public static void restore(CookieJar jar, String saved) {
        if (saved == null || saved.isEmpty()) return;
        jar.clear();
        jar.addNetscape(saved);
    }

    @Override
    public Void prepare(FinishedUrl finished) {
        return null;
    }

    /** The jar as it is now (made again only when it changed since the last commit). */
    @Override
    public String write(List<Void> prepared) {
        long version = jar.version();
        if (version != savedVersion) {
            saved = jar.toNetscape();
            savedVersion = version;
        }
        return saved;
    }
}
