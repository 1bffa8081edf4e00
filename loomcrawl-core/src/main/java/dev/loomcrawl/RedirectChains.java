package dev.loomcrawl;

import dev.loomcrawl.url.WebUrl;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The redirect chains in progress, so that a redirect back into its own chain is told from two URLs redirecting
 * to one target (which the seed fetches once, and is fine). Each queued redirect target maps to the URL that
 * redirected to it; a chain's entries are forgotten when it ends (a final response, a failure, a loop, a target
 * seen before or out of scope), so memory grows with the chains in flight, not with the crawl. A chain that
 * spans a resumed run or two processes of a shared crawl is not remembered across them: a loop there looks like
 * a target seen before.
 */
final class RedirectChains {
    private final Map<WebUrl, WebUrl> from = new ConcurrentHashMap<>();

    /**
     * {@code source} redirects to {@code target}, which is about to be offered: said before the offer, since a queued
     * target may be taken, fetched and redirect on at once, on another thread. False when another chain already
     * leads to {@code target} (which the offer will then find seen).
     */
    boolean redirecting(WebUrl source, WebUrl target) {
        return from.putIfAbsent(target, source) == null;
    }

    /** The offer did not queue {@code target} after all: {@code source} does not lead to it. */
    void notQueued(WebUrl source, WebUrl target) {
        from.remove(target, source);
    }

    /**
     * The loop that a redirect from {@code url} to {@code target} closes, from {@code target} round to it again
     * ({@code [A, B, A]} for A → B → A); empty when {@code target} is not in {@code url}'s chain.
     */
    List<WebUrl> loop(WebUrl url, WebUrl target, int maxSteps) {
        List<WebUrl> chain = new ArrayList<>();
        chain.add(target);
        WebUrl cur = url;
        for (int i = 0; cur != null && i <= maxSteps; i++) {
            chain.add(cur);
            if (cur.equals(target)) {
                Collections.reverse(chain);
                return chain;
            }
            cur = from.get(cur);
        }
        return List.of();
    }

    /** The chain that led to {@code url} is over: forget it. */
    void ended(WebUrl url) {
        for (WebUrl cur = url; cur != null; ) cur = from.remove(cur);
    }

    /** Chains remembered now (for tests). */
    int size() {
        return from.size();
    }
}
