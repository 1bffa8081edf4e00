package dev.loomcrawl.url;

import it.unimi.dsi.fastutil.longs.LongOpenHashSet;

import java.util.concurrent.locks.ReentrantLock;

/**
 * The seen set as {@link UrlFingerprint}s in fastutil's open-addressing {@link LongOpenHashSet}s: no object
 * per URL, 8 bytes a slot at a load factor of 0.75, so 11 to 21 bytes a URL depending on where the table is
 * between two doublings (about 16 MiB for a million URLs). The fingerprints are split over 64 stripes by their
 * top bits, each with its own lock held for one set operation, so workers rarely wait on each other.
 */
public final class FingerprintSet {
    private static final int STRIPE_BITS = 6;
    private final LongOpenHashSet[] sets = new LongOpenHashSet[1 << STRIPE_BITS];
    private final ReentrantLock[] locks = new ReentrantLock[1 << STRIPE_BITS];

    public FingerprintSet() {
        for (int i = 0; i < sets.length; i++) {
            sets[i] = new LongOpenHashSet();
            locks[i] = new ReentrantLock();
        }
    }

    /** Adds the fingerprint; true if it was not there (the atomic check-and-add the frontier needs). */
    public boolean add(long fingerprint) {
        int s = stripe(fingerprint);
        locks[s].lock();
        try {
            return sets[s].add(fingerprint);
        } finally {
            locks[s].unlock();
        }
    }

    public boolean contains(long fingerprint) {
        int s = stripe(fingerprint);
        locks[s].lock();
        try {
            return sets[s].contains(fingerprint);
        } finally {
            locks[s].unlock();
        }
    }

    /** Forgets every fingerprint. */
    public void clear() {
        for (int s = 0; s < sets.length; s++) {
            locks[s].lock();
            try {
                sets[s] = new LongOpenHashSet();
            } finally {
                locks[s].unlock();
            }
        }
    }

    public long size() {
        long n = 0;
        for (int s = 0; s < sets.length; s++) {
            locks[s].lock();
            try {
                n += sets[s].size();
            } finally {
                locks[s].unlock();
            }
        }
        return n;
    }

    private static int stripe(long fingerprint) {
        return (int) (fingerprint >>> (64 - STRIPE_BITS));
    }
}
