package dev.loomcrawl.extract;

import java.util.ArrayList;
import java.util.List;

/**
 * The text of one element ({@code <a>} for its anchor text, {@code <title>} and {@code <h1>} for the page's
 * facts), built while the page streams past, with exactly the rules of jsoup's {@code Element.text()}:
 * whitespace collapsed (nbsp counts as whitespace; zero-width space and soft hyphen are dropped), kept as is
 * under {@code pre}, {@code title}, {@code textarea} and the other whitespace-preserving elements within six
 * levels, a space before block elements and {@code <br>}, after a block (or an element with a block child)
 * when text or an inline element follows it, and around form controls and media that contain text; the data
 * of {@code <script>} and {@code <style>} left out.
 *
 * <p>The tree builder tells it about each node inserted below the element; since only the open elements
 * are known (not the finished tree), "what follows an element" is settled when the next node arrives.
 */
final class ElementText {
    private static final boolean[] COLLAPSIBLE = new boolean[161];

    static {
        for (char c : new char[] {' ', '\t', '\n', '\f', '\r', 160}) COLLAPSIBLE[c] = true;
    }

    private final StringBuilder accum = new StringBuilder();
    private OpenElements.Node pendingParent;
    /** The open boundary elements and their marks; made at the first (most texts have none). */
    private List<OpenElements.Node> boundaries;
    private List<int[]> boundaryMarks;
    private String text;

    void elementStart(OpenElements.Node el, OpenElements.Node parent) {
        boolean block = (el.flags & HtmlTags.BLOCK) != 0;
        sibling(parent, !block);
        if (accum.length() > 0 && (block || el.name.equals("br")) && !lastIsSpace()) appendSeparator();
        if ((el.flags & HtmlTags.BOUNDARY) != 0) {
            if (boundaries == null) {
                boundaries = new ArrayList<>(2);
                boundaryMarks = new ArrayList<>(2);
            }
            boundaries.add(el);
            boundaryMarks.add(new int[] {accum.length(), accum.length() > 0 && !lastIsSpace() ? 1 : 0, -1});
        }
    }

    void elementEnd(OpenElements.Node el, OpenElements.Node parent) {
        if ((el.flags & HtmlTags.BOUNDARY) != 0) boundaryEnd(el);
        boolean trailing = (el.flags & (HtmlTags.BOUNDARY | HtmlTags.BLOCK)) != 0 || el.blockChild;
        pendingParent = trailing ? parent : null;
    }

    /**
     * jsoup puts a space before a boundary element with text; that is known only at its end, so insert it
     * then, unless the element's content began with a space that jsoup would have collapsed into it.
     */
    private void boundaryEnd(OpenElements.Node el) {
        int i = boundaries == null ? -1 : boundaries.lastIndexOf(el);
        if (i < 0) return;
        int[] mark = boundaryMarks.remove(i);
        boundaries.remove(i);
        if (mark[1] == 0 || !el.hasText || mark[2] == 1) return;
        accum.insert(mark[0], ' ');
        for (int[] outer : boundaryMarks) {
            if (outer[0] == mark[0]) outer[2] = 1; // an enclosing boundary at the same place: one space, as in jsoup
        }
    }

    /** Notes, for boundary marks at the current end, whether what comes first is a collapsible space. */
    private void first(boolean collapsibleSpace) {
        for (int i = 0; i < boundaryMarks.size(); i++) {
            int[] mark = boundaryMarks.get(i);
            if (mark[2] == -1 && mark[0] == accum.length()) mark[2] = collapsibleSpace ? 1 : 0;
        }
    }

    private void appendSeparator() {
        if (marking()) first(true);
        accum.append(' ');
    }

    void text(OpenElements.Node parent, String s, boolean preserve) {
        sibling(parent, true);
        if (preserve) {
            if (marking() && !s.isEmpty()) first(false);
            accum.append(s);
        } else {
            appendNormalised(s);
        }
    }

    /** A comment or script data was inserted: a node that is neither text nor an element. */
    void otherNode(OpenElements.Node parent) {
        sibling(parent, false);
    }

    private void sibling(OpenElements.Node parent, boolean textOrInline) {
        if (pendingParent == null) return;
        if (pendingParent == parent && textOrInline && !lastIsSpace()) appendSeparator();
        pendingParent = null;
    }

    private void appendNormalised(String s) {
        if (!marking() && plain(s)) { // what the loop below would append, in one go
            accum.append(s, s.startsWith(" ") && lastIsSpace() ? 1 : 0, s.length());
            return;
        }
        boolean stripLeading = lastIsSpace();
        boolean lastWasWhite = false;
        boolean reachedNonWhite = false;
        for (int i = 0; i < s.length(); ) {
            char ch = s.charAt(i);
            int cp = Character.isSurrogate(ch) ? s.codePointAt(i) : ch;
            i += Character.charCount(cp);
            if (collapsible(cp)) {
                if ((!stripLeading || reachedNonWhite) && !lastWasWhite) {
                    appendSeparator();
                    lastWasWhite = true;
                }
            } else if (!dropped(cp)) {
                if (marking()) first(false);
                accum.appendCodePoint(cp);
                lastWasWhite = false;
                reachedNonWhite = true;
            }
        }
    }

    /**
     * Whether normalising leaves the text as it is but for a leading space: no whitespace other than single spaces,
     * no nbsp, zero-width space, soft hyphen or surrogate.
     */
    private static boolean plain(String s) {
        char before = 'x';
        for (int i = 0, n = s.length(); i < n; i++) {
            char ch = s.charAt(i);
            if (ch == ' ') {
                if (before == ' ') return false;
            } else if (collapsible(ch) || dropped(ch) || Character.isSurrogate(ch)) {
                return false;
            }
            before = ch;
        }
        return true;
    }

    /** Whitespace that collapses into one space (nbsp counts, as in jsoup's {@code Element.text()}). */
    private static boolean collapsible(int c) {
        return c <= 160 && COLLAPSIBLE[c]; // a table: small enough for C1 to inline into the loops per character
    }

    /** What {@code Element.text()} leaves out: the zero-width space and the soft hyphen. */
    private static boolean dropped(int c) {
        return c == 8203 || c == 173;
    }

    /** Whether a boundary element is open, whose mark waits to learn what comes first. */
    private boolean marking() {
        return boundaryMarks != null && !boundaryMarks.isEmpty();
    }

    private boolean lastIsSpace() {
        return accum.length() != 0 && accum.charAt(accum.length() - 1) == ' ';
    }

    /** Called when the element is closed (or the page ends): the text is final. */
    void finish() {
        if (text == null) text = accum.toString().trim();
    }

    /** Whether the element is closed, so that {@link #text()} is final. */
    boolean finished() {
        return text != null;
    }

    String text() {
        finish();
        return text;
    }
}
