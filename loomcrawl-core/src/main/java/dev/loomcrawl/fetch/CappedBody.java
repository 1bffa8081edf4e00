package dev.loomcrawl.fetch;

import org.eclipse.jetty.client.Response;
import org.eclipse.jetty.client.Result;
import org.eclipse.jetty.http.HttpHeader;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeoutException;

/**
 * A response's body as received, copied into one array as each piece arrives, on Jetty's own thread, up to a cap:
 * at the cap the exchange is aborted and the body marked truncated. The fetch only waits ({@link #await}) for the
 * exchange to end.
 *
 * <p>Copying as the bytes arrive gives Jetty's network buffer back at once and lets the exchange end (and its
 * connection go back to the pool) as soon as the last byte is in, whether or not the fetch's thread has run
 * since. Reading through an {@code InputStreamResponseListener} instead kept each buffer, 16 KB, and each
 * connection until the fetch's thread came to read: with thousands of responses arriving together, hundreds of
 * megabytes (decision 20).
 */
final class CappedBody implements Response.Listener {
    private final long cap;
    private final CountDownLatch ended = new CountDownLatch(1);
    private volatile Result result;
    private volatile Throwable endedBy; // set by end(), when the exchange itself did not end in time
    // Written by Jetty's thread, one callback after another, before the exchange ends; read by the fetch after.
    private boolean answered;
    private long declared = -1;
    private byte[] bytes = new byte[0];
    private int size;
    private boolean truncated;
    private OutOfMemoryError outOfMemory;

    CappedBody(long cap) {
        this.cap = Math.min(cap, Integer.MAX_VALUE - 16);
    }

    /**
     * Waits until the exchange has ended, and says how: with its response, or its failure (a truncated body's
     * abort included: see {@link #truncated()}). The wait has no deadline of its own: the request's total timeout
     * ({@code Request.timeout}), which Jetty keeps with one timer per origin, ends the exchange with a
     * {@link TimeoutException}. A deadline here would be a timed park of the virtual thread, a timer of the JDK's
     * scheduler set and cancelled on every fetch: 3.5% of the JDK docs crawl's CPU (benchmarks.md).
     *
     * @throws OutOfMemoryError when the body did not fit in the heap: thrown here, on the fetch's thread, so that
     *     the process ends with its one line (Jetty's thread would only log it and fail this exchange)
     */
    Result await() throws InterruptedException {
        ended.await();
        if (outOfMemory != null) throw outOfMemory; // on the fetch's thread, where the process's handler sees it
        return result;
    }

    /**
     * Ends the wait from outside, with {@code why}, when the exchange itself has not ended: a server that Jetty's
     * own timers do not end (interim responses, seen to stop them) or a crawl cancelled. The exchange is aborted
     * by the caller; whatever Jetty does with it later is ignored.
     */
    void end(Throwable why) {
        if (ended.getCount() == 0) return;
        endedBy = why;
        ended.countDown();
    }

    /** Why the wait was ended from outside ({@link #end}), or null when the exchange ended by itself. */
    Throwable endedBy() {
        return result == null ? endedBy : null;
    }

    /** Whether a response's headers came (the server, or the proxy, answered), whatever happened next. */
    boolean answered() {
        return answered;
    }

    /** The body's bytes, up to the cap. */
    byte[] bytes() {
        return size == bytes.length ? bytes : Arrays.copyOf(bytes, size);
    }

    /** Whether the body went on past the cap (the exchange was then aborted). */
    boolean truncated() {
        return truncated;
    }

    @Override
    public void onHeaders(Response response) {
        answered = true;
        declared = declaredLength(response);
    }

    @Override
    public void onContent(Response response, ByteBuffer content) {
        if (truncated) return;
        int room = (int) Math.min(content.remaining(), cap - size);
        if (size + room > bytes.length) { // sized by Content-Length when there is one: then no copy but this
            long wanted = bytes.length == 0 && declared >= 0 ? declared : Math.max(16384, 2L * size);
            try {
                bytes = Arrays.copyOf(bytes, (int) Math.min(cap, Math.max(size + room, wanted)));
            } catch (OutOfMemoryError e) { // Jetty would log it and fail only this exchange
                outOfMemory = e;
                truncated = true;
                response.abort(e);
                return;
            }
        }
        content.get(bytes, size, room);
        size += room;
        if (content.hasRemaining()) {
            truncated = true;
            response.abort(new CancellationException("body cap of " + cap + " bytes reached"));
        }
    }

    @Override
    public void onComplete(Result result) {
        if (ended.getCount() == 0) return; // the wait was ended from outside before
        this.result = result;
        ended.countDown();
    }

    /** Content-Length, or -1 when it is missing or not a number (a hint for the array's size, nothing more). */
    private static long declaredLength(Response response) {
        try {
            return response.getHeaders().getLongField(HttpHeader.CONTENT_LENGTH);
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
