package dev.loomcrawl.content;

/**
 * Thrown by a {@link TextEmbedder} asked for vectors once the process has begun to exit: the model runs in native
 * code whose runtime is torn down at exit, so it takes no new work then (decision 45). What asked ends without its
 * vectors, and says nothing: the process is going away.
 */
public final class EmbedderStopped extends IllegalStateException {
    public EmbedderStopped() {
        super("the embedding model is stopped: the process is exiting");
    }

    /** Whether {@code e}, or what caused it, is this: an embedding refused at exit. */
    public static boolean causedBy(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof EmbedderStopped) return true;
        }
        return false;
    }
}
