package dev.loomcrawl.fetch;

import dev.loomcrawl.testkit.TestSite;
import org.eclipse.jetty.client.Destination;
import org.eclipse.jetty.client.transport.HttpClientTransportOverHTTP;
import org.eclipse.jetty.util.component.LifeCycle;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ManyOriginsHttpClientTest {
    /**
     * Origins' destinations are started, used and stopped with the client, but are not among its beans (the list
     * Jetty copies and walks per origin and per connection); one left idle is still forgotten by Jetty's sweeper.
     */
    @Test
    void destinationsWorkWithoutBeingBeansAndStopWithTheClient() throws Exception {
        try (TestSite a = TestSite.builder().page("/", "<p>a</p>").start();
             TestSite b = TestSite.builder().page("/", "<p>b</p>").start()) {
            ManyOriginsHttpClient client = new ManyOriginsHttpClient(new HttpClientTransportOverHTTP());
            client.setDestinationIdleTimeout(1000);
            client.setIdleTimeout(1000);
            client.start();
            try {
                assertEquals(200, client.GET(a.url("/")).getStatus());
                assertEquals(200, client.GET(b.url("/")).getStatus());
                assertEquals(200, client.GET(a.url("/")).getStatus());
                List<Destination> destinations = client.getDestinations();
                assertEquals(2, destinations.size());
                assertEquals(List.of(), List.copyOf(client.getBeans(Destination.class)), "no destination is a bean");
                destinations.forEach(d -> assertTrue(((LifeCycle) d).isRunning(), "started"));
                long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(20);
                while (!client.getDestinations().isEmpty() && System.nanoTime() < deadline) Thread.sleep(50);
                assertEquals(List.of(), client.getDestinations(), "idle ones are forgotten");
                destinations.forEach(d -> assertTrue(((LifeCycle) d).isStopped(), "and stopped"));
                assertEquals(200, client.GET(b.url("/")).getStatus(), "and an origin met again works");
                Destination again = client.getDestinations().getFirst();
                client.stop();
                assertTrue(((LifeCycle) again).isStopped(), "the client's stop stops its destinations");
            } finally {
                client.stop();
            }
        }
    }
}
