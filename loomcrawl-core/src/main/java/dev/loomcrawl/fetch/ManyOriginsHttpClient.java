package dev.loomcrawl.fetch;

import org.eclipse.jetty.client.Destination;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.HttpClientTransport;
import org.eclipse.jetty.util.component.LifeCycle;

/**
 * Jetty's {@link HttpClient}, with its origins' state ({@link Destination}s) kept out of its list of beans. Jetty
 * adds each origin it connects to as a managed bean: a copy-on-write list, copied and searched when an origin comes
 * and goes, and walked with an {@code instanceof} per entry for each new connection (to find its listeners). With
 * thousands of origins held, that was 35-40% of a broad crawl's CPU (decision 23). Here a destination is started
 * when Jetty makes it and stopped when the client stops; Jetty's sweeper still stops and forgets idle ones.
 */
final class ManyOriginsHttpClient extends HttpClient {
    ManyOriginsHttpClient(HttpClientTransport transport) {
        super(transport);
    }

    @Override
    public void addManaged(LifeCycle lifeCycle) {
        if (lifeCycle instanceof Destination) {
            if (isRunning()) LifeCycle.start(lifeCycle);
            return;
        }
        super.addManaged(lifeCycle);
    }

    /** A destination is not a bean here: Jetty forgetting one (after stopping it, or to stop it) has nothing to do. */
    @Override
    public boolean removeBean(Object bean) {
        return bean instanceof Destination || super.removeBean(bean);
    }

    @Override
    protected void doStop() throws Exception {
        for (Destination destination : getDestinations()) LifeCycle.stop(destination);
        super.doStop();
    }
}
