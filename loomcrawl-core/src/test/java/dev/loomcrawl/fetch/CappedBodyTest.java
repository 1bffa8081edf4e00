package dev.loomcrawl.fetch;

import dev.loomcrawl.testkit.TestSite;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.Result;
import org.junit.jupiter.api.Test;

import java.lang.ref.Reference;
import java.lang.ref.WeakReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CappedBodyTest {

    /**
     * Bytes given back to the crawl's body memory are not held by the body that took them, whoever still holds the
     * body: a fetch kept through a retry's back-off (a pending fetch's result) held its failed attempt's bytes,
     * uncounted, while the retry claimed as much again.
     */
    @Test
    void aBodyGivenBackHoldsNoBytesAndItsClaimIsFree() throws Exception {
        String page = "<p>" + "x".repeat(100_000) + "</p>";
        HttpClient client = new HttpClient();
        try (TestSite site = TestSite.builder().page("/", page).start()) {
            client.start();
            BodyMemory memory = new BodyMemory(1 << 20);
            CappedBody body = new CappedBody(10 << 20, memory.claim());
            client.newRequest(site.url("/")).send(body);
            Result result = body.await();
            assertEquals(200, result.getResponse().getStatus());
            // sized by Content-Length, the array taken is the body's own
            WeakReference<byte[]> taken = new WeakReference<>(body.bytes());
            assertTrue(taken.get().length >= page.length(), "the body taken: " + taken.get().length);
            assertTrue(memory.used() >= page.length(), "and counted: " + memory.used());

            body.giveBack();

            assertEquals(0, memory.used(), "their claim free");
            assertEquals(0, body.bytes().length);
            for (int i = 0; i < 20 && taken.get() != null; i++) {
                System.gc();
                Thread.sleep(10);
            }
            assertTrue(taken.get() == null, "no bytes held by the body once given back");
            Reference.reachabilityFence(body);
        } finally {
            client.stop();
        }
    }
}
