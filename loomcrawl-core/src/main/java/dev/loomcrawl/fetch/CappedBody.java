package dev.loomcrawl.fetch;

import org.eclipse.jetty.client.Response;
import org.eclipse.jetty.client.Result;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;

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
 *
 * <p>Before the array grows, the fetch's {@link BodyMemory.Claim} is asked for the bytes: while the crawl's bound
 * on body memory is reached, the piece in hand is kept and nothing more is read from the connection (no demand)
 * until room is made; a claim refused aborts the exchange.
 */
final class CappedBody implements Response.Listener {
    private final long cap;
    private final BodyMemory.Claim claim;
    private final CountDownLatch ended = new CountDownLatch(1);
    private volatile Result result;
    private volatile Throwable endedBy; // set by end(), when the exchange itself did not end in time
    // Written by Jetty's thread, one callback after another, before the exchange ends; read by the fetch after.
    private boolean answered;
    private long declared = -1;
    private byte[] bytes = new byte[0];
    private int size;
    private volatile boolean truncated;
    private OutOfMemoryError outOfMemory;
    private volatile BodyMemory.Refused refused; // the body memory bound had no room for it
    private Content.Chunk parked; // guarded by this: the piece in hand while waiting for room

    CappedBody(long cap, BodyMemory.Claim claim) {
        this.cap = Math.min(cap, Integer.MAX_VALUE - 16);
        this.claim = claim;
    }

    /** The body's claim on the crawl's body memory. */
    BodyMemory.Claim claim() {
        return claim;
    }

    /**
     * The fetch is over and the body not handed on: the bytes taken so far are dropped with the claim that counted
     * them, so that memory given back to the crawl's bound is no longer held by this object, whoever still holds it
     * (a pending fetch kept through a retry's back-off held it, uncounted: ServeUnderAttackTest's gzip bombs ran
     * serve out of heap). Pieces that still come are not taken.
     */
    void giveBack() {
        discard();
        synchronized (this) {
            truncated = true; // as past the cap: no piece is taken after this, and no more is asked for
            bytes = new byte[0];
            size = 0;
        }
        claim.close();
    }

    /** Why the body memory bound refused this body (the exchange was aborted), or null. */
    BodyMemory.Refused refused() {
        return refused;
    }

    /** The fetch is done with the exchange: a piece still kept waiting for room is given back to Jetty. */
    void discard() {
        Content.Chunk chunk;
        synchronized (this) {
            chunk = parked;
            parked = null;
        }
        if (chunk != null) chunk.release();
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
        throw new UnsupportedOperationException("pieces come with their demand: onContent(response, chunk, demand)");
    }

    /**
     * Takes one piece of the body: copied at once when the array has room or the bytes for more are granted, else
     * kept until they are (and read no further until then). Runs on Jetty's thread, or the grant's.
     */
    @Override
    public void onContent(Response response, Content.Chunk chunk, Runnable demand) {
        if (truncated) return; // aborted: nothing more is wanted
        ByteBuffer content = chunk.getByteBuffer();
        int length = lengthFor(content.remaining());
        if (length > bytes.length) {
            synchronized (this) {
                chunk.retain();
                parked = chunk;
            }
            if (!claim.grow(length - bytes.length, () -> resume(response, length, demand), () -> refuse(response))) {
                return; // resumed by the grant
            }
            synchronized (this) {
                parked = null;
            }
            chunk.release();
            if (!resize(response, length)) return;
        }
        take(response, content);
        if (!truncated) demand.run();
    }

    /** The bytes for a larger array were granted while the piece in hand waited: takes it, and reads on. */
    private void resume(Response response, int length, Runnable demand) {
        Content.Chunk chunk;
        synchronized (this) {
            chunk = parked;
            parked = null;
        }
        if (chunk == null) return; // the fetch ended meanwhile
        try {
            if (!resize(response, length)) return;
            take(response, chunk.getByteBuffer());
        } finally {
            chunk.release();
        }
        if (!truncated) demand.run();
    }

    private void refuse(Response response) {
        discard();
        BodyMemory.Refused why = claim.refusal();
        refused = why;
        truncated = true;
        response.abort(why);
    }

    /** The array's length needed to take {@code n} more bytes (up to the cap), or its length when it has room. */
    private int lengthFor(int n) {
        int room = (int) Math.min(n, cap - size);
        if (size + room <= bytes.length) return bytes.length;
        // sized by Content-Length when there is one: then no copy but this
        long wanted = bytes.length == 0 && declared >= 0 ? declared : Math.max(16384, 2L * size);
        return (int) Math.min(cap, Math.max(size + room, wanted));
    }

    /** Grows the array to {@code length}; false, with the exchange aborted, when the heap has no room for it. */
    private synchronized boolean resize(Response response, int length) {
        if (truncated) return false; // given back meanwhile
        try {
            bytes = Arrays.copyOf(bytes, length);
            return true;
        } catch (OutOfMemoryError e) { // Jetty would log it and fail only this exchange
            outOfMemory = e;
            truncated = true;
            response.abort(e);
            return false;
        }
    }

    /** Copies what the array has room for; past the cap, the body is truncated and the exchange aborted. */
    private synchronized void take(Response response, ByteBuffer content) {
        if (truncated) return; // given back meanwhile
        int room = (int) Math.min(content.remaining(), cap - size);
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
