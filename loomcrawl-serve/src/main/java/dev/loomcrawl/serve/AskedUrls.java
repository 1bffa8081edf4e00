package dev.loomcrawl.serve;

import dev.loomcrawl.result.FinishedUrl;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The URL a job's root was asked as, for the page a redirect led to: Firecrawl's {@code sourceURL}, which a batch
 * client matches its results to its inputs by. A root's redirect (at the roots' depth) is remembered as its target is
 * queued; the target's document takes the first URL of the chain, and the entry is dropped. When the target's
 * document comes first (the redirect's record is journaled after it), its referrer, the URL that redirected to it,
 * is the answer.
 */
final class AskedUrls {
    private final Map<String, String> firstOf = new ConcurrentHashMap<>();

    /** The URL asked for that {@code f} answers (itself for a root that did not redirect), or null for other URLs. */
    String sourceOf(FinishedUrl f) {
        if (f.record().depth() != 0) return null;
        String url = f.record().url().toString();
        String first = firstOf.remove(url);
        if (first == null) first = f.record().referrer() != null ? f.record().referrer().toString() : url;
        if (f.record().nextUrl() != null) firstOf.put(f.record().nextUrl(), first);
        return first;
    }
}
