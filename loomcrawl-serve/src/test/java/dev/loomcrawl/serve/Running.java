package dev.loomcrawl.serve;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * What a test starts (servers, test sites, Redis, clients), closed after it, the last started first; a test class
 * registers one with {@code @RegisterExtension}. Every close is tried; the first failure is thrown, the others
 * suppressed in it.
 */
final class Running implements AfterEachCallback {
    private final List<AutoCloseable> open = new ArrayList<>();

    /** Closes {@code closeable} after the test; returns it. */
    <T extends AutoCloseable> T add(T closeable) {
        open.add(closeable);
        return closeable;
    }

    /**
     * A server on 127.0.0.1 (a port of the system's choosing) keeping its data in {@code data}, the defaults but for
     * the settings given, closed after the test.
     */
    Serve serve(Path data, Set<String> apiKeys, boolean allowPrivate, List<String> allowOrigins, long maxPages,
                int maxJobs, int maxQueued, int maxScrapes) throws Exception {
        ServeOptions d = ServeOptions.defaults(0, data);
        return add(Serve.start(new ServeOptions(d.host(), 0, d.data(), apiKeys, allowPrivate, allowOrigins, d.keep(),
                maxPages, maxJobs, maxQueued, maxScrapes, d.maxBody(), d.maxJobTime())));
    }

    @Override
    public void afterEach(ExtensionContext context) throws Exception {
        Exception first = null;
        for (AutoCloseable c : open.reversed()) {
            try {
                c.close();
            } catch (Exception e) {
                if (first == null) first = e;
                else first.addSuppressed(e);
            }
        }
        open.clear();
        if (first != null) throw first;
    }
}
