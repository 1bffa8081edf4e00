package dev.loomcrawl;

import dev.loomcrawl.url.WebUrl;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A redirect's link is known before its target is offered, so the target's own visit can close the loop. */
class RedirectChainsTest {
    private static final WebUrl A = WebUrl.parse("http://a.test/a");
    private static final WebUrl B = WebUrl.parse("http://a.test/b");
    private static final WebUrl C = WebUrl.parse("http://a.test/c");

    @Test
    void aLinkMadeBeforeTheOfferClosesTheLoopWhenTheTargetRedirectsBack() {
        RedirectChains chains = new RedirectChains();
        assertTrue(chains.redirecting(A, B)); // then B is offered, taken at once by another worker...
        assertEquals(List.of(A, B, A), chains.loop(B, A, 10)); // ...which finds the loop when B redirects to A
    }

    @Test
    void aTargetAnotherChainLeadsToKeepsThatChainsLink() {
        RedirectChains chains = new RedirectChains();
        assertTrue(chains.redirecting(A, C));
        assertFalse(chains.redirecting(B, C), "C is A's");
        chains.notQueued(B, C); // B's offer of C found it seen: nothing of A's goes
        assertEquals(List.of(A, C, A), chains.loop(C, A, 10), "C still leads back to A");
        chains.notQueued(A, C);
        assertEquals(0, chains.size());
    }
}
