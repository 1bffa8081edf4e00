package dev.loomcrawl.content;

/**
 * Where a crawl's work lets other virtual threads run: a worker once its fetch is over (the crawler's step 8), and
 * making a page's content between its steps and every {@link #ELEMENTS} elements of a walk. A crawl's carriers are few
 * (one per core) and a virtual thread keeps its carrier until it blocks; without these turns, the callbacks of the
 * fetches in flight and the start of the next fetch wait behind whole pages being read and converted, and an
 * origin's two fetch slots stand idle meanwhile. On the JDK docs a crawl with {@code --content} took about 0.2 s
 * (3%) less with them (docs/content.md). On a platform thread (a library user's) nothing is done.
 */
public final class Turns {
    /** Elements a walk passes between turns (a power of two): a millisecond's work or so. */
    static final int ELEMENTS = 4096;

    private Turns() {}

    /** Lets the other virtual threads waiting for a carrier run first, when this is a virtual thread. */
    public static void give() {
        if (Thread.currentThread().isVirtual()) Thread.yield();
    }
}
