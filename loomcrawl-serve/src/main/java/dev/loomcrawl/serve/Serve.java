package dev.loomcrawl.serve;

import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.function.Function;

/**
 * {@code loomcrawl serve}: the job service, assembled in one place: the jobs (resumed from the data directory,
 * with their webhook sender), the scrapes, Firecrawl's endpoints, the routes, the front ends mounted beside them
 * (the MCP server at {@code /mcp}), and Jetty on virtual threads. {@link #close} stops taking requests, then pauses
 * every job resumably.
 */
public final class Serve implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(Serve.class);
    /** Connections the kernel holds for the server before it takes them. */
    static final int ACCEPT_QUEUE = 1024;

    private final ServeOptions options;
    private final Jobs jobs;
    private final Server server;
    private final List<Mount> mounts;
    /** What holds the jobs' search indexes open (the MCP tools' service, the native API): closed after the mounts. */
    private final List<AutoCloseable> searches;

    private Serve(ServeOptions options, Jobs jobs, Server server, List<Mount> mounts, List<AutoCloseable> searches) {
        this.options = options;
        this.jobs = jobs;
        this.server = server;
        this.mounts = mounts;
        this.searches = searches;
    }

    /** Starts the service: resumes the jobs that were running, then listens. */
    public static Serve start(ServeOptions options) throws Exception {
        return start(options, List.of());
    }

    /**
     * {@link #start(ServeOptions)}, with other front ends on the same port, each made of the server's
     * {@link Service} (the command line mounts the MCP server at {@code /mcp}).
     */
    public static Serve start(ServeOptions options, List<Function<Service, Mount>> fronts) throws Exception {
        Browsers browsers = new Browsers(options.maxJobs());
        Jobs jobs = new Jobs(options, browsers);
        Scrapes scrapes = new Scrapes(options, browsers);
        NativeApi nativeApi = new NativeApi(options, jobs);
        Routes routes = new Routes(new FirecrawlApi(options, jobs, scrapes), jobs, scrapes, nativeApi);
        QueuedThreadPool threads = new QueuedThreadPool();
        threads.setName("loomcrawl-serve-http");
        threads.setVirtualThreadsExecutor(Executors.newVirtualThreadPerTaskExecutor());
        Server server = new Server(threads);
        // no Server or X-Powered-By header: the version of Jetty run is nobody else's business
        HttpConfiguration http = new HttpConfiguration();
        http.setSendServerVersion(false);
        http.setSendXPoweredBy(false);
        ServerConnector connector = new ServerConnector(server, new HttpConnectionFactory(http));
        connector.setHost(options.host());
        connector.setPort(options.port());
        // the listen backlog: the JDK's default, 50, overflowed when 200 clients connected at once, and the kernel
        // reset some of their connections (scripts/bench/serve-scrapes); the kernel caps it at net.core.somaxconn
        connector.setAcceptQueueSize(ACCEPT_QUEUE);
        server.addConnector(connector);
        Service service = new Service(options, jobs, scrapes, false);
        List<Mount> mounts = fronts.stream().map(f -> f.apply(service)).toList();
        // the other front ends first: each takes its own paths and leaves the others to the Firecrawl API
        List<Handler> handlers = new ArrayList<>();
        mounts.forEach(m -> handlers.add(m.handler()));
        handlers.add(new ApiHandler(routes, options));
        server.setHandler(new Handler.Sequence(handlers));
        server.setErrorHandler(new JsonErrors());
        server.setStopTimeout(5_000);
        try {
            server.start();
        } catch (Exception e) {
            jobs.close();
            throw e;
        }
        Serve serve = new Serve(options, jobs, server, mounts, List.of(service, nativeApi));
        log.info("listening on http://{}:{} (jobs in {})", options.host(), serve.port(), options.data());
        return serve;
    }

    /** The port listened on (the one chosen, for port 0). */
    public int port() {
        return ((ServerConnector) server.getConnectors()[0]).getLocalPort();
    }

    public ServeOptions options() {
        return options;
    }

    /** Waits until the server stops. */
    public void join() throws InterruptedException {
        server.join();
    }

    /** Stops taking requests, then stops every job resumably: the next start resumes them. */
    @Override
    public void close() {
        try {
            server.stop();
        } catch (Exception e) {
            log.warn("stopping the HTTP server: {}", e.toString());
        }
        mounts.forEach(Mount::close);
        for (AutoCloseable s : searches) {
            try {
                s.close();
            } catch (Exception e) {
                log.warn("closing the search indexes: {}", e.toString());
            }
        }
        jobs.close();
        log.info("stopped; running jobs paused, to be resumed at the next start");
    }
}
