package dev.loomcrawl.embed;

import dev.loomcrawl.content.EmbedderStopped;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

/**
 * The calls into ONNX Runtime's native code in this process (a model's load, each text's vector), kept from the
 * JVM's exit (decision 45). ONNX Runtime's Java binding releases its native environment in a shutdown hook of its
 * own, which the JVM runs alongside every other hook, and the library's globals are destroyed when the process
 * exits: a call still in native code then uses freed memory, and the JVM dies of a SIGSEGV. So, once for the process:
 * the environment gets a reference of ours, never given back, so that the binding's hook only counts it down; and a
 * shutdown hook of ours refuses new calls ({@link EmbedderStopped}) and waits, {@link #DRAIN} at most, for those in
 * flight, before the JVM goes on exiting. A call costs two atomic counts and a volatile read; no lock.
 */
final class NativeRuns {
    private static final Logger log = LoggerFactory.getLogger(NativeRuns.class);
    /** How long the JVM's exit waits for the calls in flight: a text's vector takes milliseconds to a second. */
    static final Duration DRAIN = Duration.ofSeconds(5);
    private static final Duration POLL = Duration.ofMillis(10);
    private static final NativeRuns PROCESS = new NativeRuns().stoppedAtExit().holdingEnvironment();

    private final AtomicInteger inFlight = new AtomicInteger();
    private volatile boolean stopped;
    private volatile Thread waiting; // the thread in stop(), woken when the last call ends

    /** The process's calls, stopped by a shutdown hook; its first use holds ONNX Runtime's environment. */
    static NativeRuns process() {
        return PROCESS;
    }

    /**
     * {@code call}'s answer, made in native code while the JVM is not exiting.
     *
     * @throws EmbedderStopped once the JVM has begun to exit
     */
    <T> T run(Supplier<T> call) {
        inFlight.incrementAndGet();
        try {
            if (stopped) throw new EmbedderStopped(); // counted before looking: stop() waits for it, or it sees this
            return call.get();
        } finally {
            if (inFlight.decrementAndGet() == 0 && stopped) {
                Thread w = waiting;
                if (w != null) LockSupport.unpark(w);
            }
        }
    }

    /** Refuses new calls and waits for those in flight, {@code deadline} at most; whether none is left. */
    boolean stop(Duration deadline) {
        waiting = Thread.currentThread();
        stopped = true;
        long end = System.nanoTime() + deadline.toNanos();
        while (inFlight.get() > 0) {
            long left = end - System.nanoTime();
            if (left <= 0) {
                log.warn("the embedding model still runs {} texts after {} s: the JVM exits under them",
                        inFlight.get(), deadline.toSeconds());
                return false;
            }
            LockSupport.parkNanos(this, Math.min(left, POLL.toNanos()));
        }
        return true;
    }

    /** How many calls are in native code now. */
    int inFlight() {
        return inFlight.get();
    }

    private NativeRuns stoppedAtExit() {
        try {
            Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().name("loomcrawl-embed-exit")
                    .unstarted(() -> stop(DRAIN)));
        } catch (IllegalStateException e) { // the JVM is exiting already
            stopped = true;
        }
        return this;
    }

    private NativeRuns holdingEnvironment() {
        holdEnvironment();
        return this;
    }

    /**
     * Takes a reference of ours to ONNX Runtime's native environment (made if there is none yet), never released: the
     * runtime counts its references and frees the environment when the count reaches 0, and the binding's shutdown
     * hook gives back only its own. The binding has no public call for it (its environment is one per JVM), so its
     * private one is called; if that cannot be done (another version of the binding), the model works as before and
     * this is said at debug level.
     */
    private static void holdEnvironment() {
        try {
            Class<?> environment = Class.forName("ai.onnxruntime.OrtEnvironment");
            environment.getMethod("getEnvironment").invoke(null); // loads the runtime, makes its environment
            Field api = Class.forName("ai.onnxruntime.OnnxRuntime").getDeclaredField("ortApiHandle");
            api.setAccessible(true);
            Method create = environment.getDeclaredMethod("createHandle", long.class, int.class, String.class);
            create.setAccessible(true);
            int warning = 2; // ORT_LOGGING_LEVEL_WARNING; the environment's settings are the first reference's
            create.invoke(null, api.getLong(null), warning, "loomcrawl");
        } catch (ReflectiveOperationException | RuntimeException e) {
            log.debug("ONNX Runtime's environment is not held past the binding's shutdown hook: {}", e.toString());
        }
    }
}
