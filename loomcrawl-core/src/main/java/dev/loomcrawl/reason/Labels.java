package dev.loomcrawl.reason;

/** Reads a reason back from its label (a state store's, a counter's). */
final class Labels {
    private Labels() {}

    /** The value among {@code values} labelled {@code label}; a label no value has is a broken store. */
    static <R extends Reason> R of(R[] values, String label) {
        for (R r : values) {
            if (r.label().equals(label)) return r;
        }
        throw new IllegalArgumentException("unknown " + values.getClass().getComponentType().getSimpleName()
                + ": " + label);
    }
}
