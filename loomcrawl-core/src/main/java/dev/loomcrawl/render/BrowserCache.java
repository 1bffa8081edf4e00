package dev.loomcrawl.render;

import dev.loomcrawl.fetch.FetchResult;
import dev.loomcrawl.fetch.HttpDate;
import dev.loomcrawl.url.WebUrl;

import java.time.Duration;
import java.time.Instant;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * The browser's cache, kept by the crawl: responses fetched for one rendered page that HTTP lets a private cache
 * reuse are given to later pages without a fetch, as a browser's own cache would (the browser's cache is off while
 * every request is intercepted). So the script and style sheets every page of a site loads are fetched once, not
 * once a page.
 *
 * <p>Kept: a complete 200 response to a GET whose headers give it a freshness lifetime (RFC 9111 section 4.2):
 * {@code Cache-Control: max-age}, else {@code Expires} less {@code Date}, else a tenth of the time since
 * {@code Last-Modified} (the heuristic browsers use), at most a day; never with {@code no-store}, {@code no-cache},
 * {@code Set-Cookie} or a {@code Vary} other than on {@code Accept-Encoding}. A response is reused only while fresh.
 * Bounded: bodies of at most {@link #MAX_ENTRY} bytes, {@link #MAX_BYTES} in all, the least recently used let go
 * first. Thread-safe; the lock is held for map operations only.
 */
public final class BrowserCache {
    /** The largest body kept. */
    public static final int MAX_ENTRY = 2 << 20;
    /** The body bytes kept in all. */
    public static final long MAX_BYTES = 32L << 20;
    private static final Duration MOST = Duration.ofDays(1);

    private record Entry(FetchResult.Response response, long freshUntilNanos) {}

    private final LinkedHashMap<String, Entry> entries = new LinkedHashMap<>(64, 0.75f, true);
    private final long maxBytes;
    private final LongSupplier clock;
    private long bytes;

    public BrowserCache() {
        this(MAX_BYTES, System::nanoTime);
    }

    BrowserCache(long maxBytes, LongSupplier clock) {
        this.maxBytes = maxBytes;
        this.clock = clock;
    }

    /** The response kept for {@code url} while it is fresh, else null. */
    public FetchResult.Response get(WebUrl url) {
        String key = url.toString();
        synchronized (this) {
            Entry e = entries.get(key);
            if (e == null) return null;
            if (clock.getAsLong() - e.freshUntilNanos < 0) return e.response;
            entries.remove(key);
            bytes -= e.response.body().length;
            return null;
        }
    }

    /** Keeps {@code response} if HTTP lets it be reused; returns whether it was kept. */
    public boolean offer(FetchResult.Response response) {
        Duration life = lifetime(response);
        if (life == null) return false;
        // The body is shared, not copied; the copy kept is outside the crawl's body memory bound (its claim is not).
        FetchResult.Response kept = new FetchResult.Response(response.url(), response.status(), response.protocol(),
                response.requestHeaders(), response.headers(), response.body(), null, false, response.duration(),
                response.attempts());
        Entry entry = new Entry(kept, clock.getAsLong() + life.toNanos());
        String key = response.url().toString();
        synchronized (this) {
            Entry old = entries.put(key, entry);
            if (old != null) bytes -= old.response.body().length;
            bytes += kept.body().length;
            for (Iterator<Entry> it = entries.values().iterator(); bytes > maxBytes && it.hasNext(); ) {
                bytes -= it.next().response.body().length;
                it.remove();
            }
        }
        return true;
    }

    /** How long HTTP lets a private cache reuse the response without asking again; null: not at all. */
    static Duration lifetime(FetchResult.Response r) {
        if (r.status() != 200 || r.truncated() || r.body().length > MAX_ENTRY) return null;
        if (r.header("set-cookie") != null) return null;
        String vary = r.header("vary");
        if (vary != null && !vary.isBlank() && !vary.trim().equalsIgnoreCase("accept-encoding")) return null;
        String control = r.header("cache-control");
        if (control != null) {
            String c = control.toLowerCase(Locale.ROOT);
            if (c.contains("no-store") || c.contains("no-cache")) return null;
            Long maxAge = seconds(c, "max-age");
            if (maxAge != null) return positive(Duration.ofSeconds(maxAge));
        }
        Instant date = HttpDate.parse(r.header("date"));
        String expires = r.header("expires");
        if (expires != null) {
            Instant at = HttpDate.parse(expires);
            return at == null || date == null ? null : positive(Duration.between(date, at));
        }
        Instant modified = HttpDate.parse(r.header("last-modified"));
        if (modified != null) {
            return positive(Duration.between(modified, date == null ? Instant.now() : date).dividedBy(10));
        }
        return null;
    }

    private static Duration positive(Duration d) {
        if (d.isNegative() || d.isZero()) return null;
        return d.compareTo(MOST) > 0 ? MOST : d;
    }

    /** The delta-seconds of {@code name} in a lower-cased Cache-Control, or null. */
    private static Long seconds(String control, String name) {
        for (String directive : control.split(",")) {
            String d = directive.trim();
            if (d.startsWith(name) && d.length() > name.length() && d.charAt(name.length()) == '=') {
                try {
                    return Long.parseLong(d.substring(name.length() + 1).replace("\"", "").trim());
                } catch (NumberFormatException e) {
                    return null;
                }
            }
        }
        return null;
    }

    /** Entries kept now (for tests). */
    synchronized int size() {
        return entries.size();
    }

    /** Body bytes kept now (for tests). */
    synchronized long bytes() {
        return bytes;
    }
}
