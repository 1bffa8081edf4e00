package dev.loomcrawl.internal.session;

import dev.loomcrawl.fetch.CookieJar;
import dev.loomcrawl.journal.Journal;

import java.util.function.Supplier;

/**
 * Keeps a crawl's cookie jar in its state: kept by the journal under {@link #KEY} ({@link Journal#keep}), it gives
 * each commit the jar as a Netscape cookies.txt text, saved in the same transaction as the batch's records, so a
 * resumed crawl (even after a kill) goes on with the cookies it had at its last commit.
 */
public final class SavedCookies implements Supplier<String> {
    /** The key the jar is kept under, beside the outputs' ends. */
    public static final String KEY = "cookies";

    private final CookieJar jar;
    private long savedVersion = -1;
    private String saved = "";

    private SavedCookies(CookieJar jar) {
        this.jar = jar;
    }

    /** Puts back the cookies the journal's last commit kept, and keeps the jar with every commit from now on. */
    public static void keepIn(Journal journal, CookieJar jar) {
        restore(jar, journal.resumeAt(KEY));
        journal.keep(KEY, new SavedCookies(jar));
    }

    /** Puts back the cookies a state kept ({@code saved}; null or empty: none). */
    static void restore(CookieJar jar, String saved) {
        if (saved == null || saved.isEmpty()) return;
        jar.clear();
        jar.addNetscape(saved);
    }

    /** The jar as it is now (made again only when it changed since the last commit); on the journal's thread. */
    @Override
    public String get() {
        long version = jar.version();
        if (version != savedVersion) {
            saved = jar.toNetscape();
            savedVersion = version;
        }
        return saved;
    }
}
