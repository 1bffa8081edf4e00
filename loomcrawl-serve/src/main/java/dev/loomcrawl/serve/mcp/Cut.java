package dev.loomcrawl.serve.mcp;

/**
 * Results sized for a model's context: a text longer than the call's budget is cut, and says where and how to go on
 * (a cursor for the same call), never silently.
 */
final class Cut {
    private Cut() {}

    /** The part of {@code text} from {@code from}, at most {@code max} characters; {@code next} null at its end. */
    record Part(String text, Integer next, int total) {}

    static Part of(String text, int from, int max) {
        int start = Math.min(Math.max(0, from), text.length());
        int end = Math.min(text.length(), start + max);
        if (end < text.length() && end > start && Character.isHighSurrogate(text.charAt(end - 1))) end--;
        return new Part(text.substring(start, end), end < text.length() ? end : null, text.length());
    }

    /** The note that ends a cut result: how much was shown, and the call that goes on. */
    static String note(String what, int shownTo, int total, String tool, String cursor) {
        return "\n\n[cut: " + what + " " + shownTo + " of " + total + " shown; call " + tool + " again with cursor \""
                + cursor + "\" for the rest]";
    }

    /** The cursor argument as a non-negative number, or a mistake naming it. */
    static int cursor(String cursor) {
        if (cursor == null || cursor.isEmpty()) return 0;
        try {
            int n = Integer.parseInt(cursor);
            if (n >= 0) return n;
        } catch (NumberFormatException e) {
            // said below
        }
        throw new ToolCall.Mistake("argument 'cursor' must be a cursor a previous result gave, got '"
                + (cursor.length() > 40 ? cursor.substring(0, 40) + "..." : cursor) + "'");
    }
}
