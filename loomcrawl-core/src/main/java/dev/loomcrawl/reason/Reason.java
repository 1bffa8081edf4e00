package dev.loomcrawl.reason;

/**
 * Why the crawl did not follow a link, queue a URL, fetch it, or go on: one value of a small enum per kind of
 * decision. Its {@link #label()} is the one spelling the outputs, the state stores and the reports use
 * ({@code max-depth}, {@code out-of-scope}, {@code robots}...); code compares the values, never the labels.
 *
 * <p>One field can hold reasons of several kinds: a link's {@code notFollowed} is a {@link LinkReason}, a
 * {@link DropReason} or a {@link SkipReason}; the ledger counts dropped URLs by {@link DropReason} and, for those a
 * budget left queued, by {@link Limit}. A sealed interface says so in the type, where one enum of every reason
 * would let a field hold a reason it never can (a link dropped for {@code max-time}, a URL skipped for
 * {@code nofollow}).
 */
public sealed interface Reason permits LinkReason, DropReason, SkipReason, Limit {
    /** The reason as the outputs, state stores and reports spell it. */
    String label();
}
