package dev.loomcrawl.content;


/**
 * Whether an element is out of the page's reading, from its attributes' values, without a regular expression: an
 * inline style that hides it ({@code display: none}, {@code visibility: hidden}; the scan also takes the
 * {@code hidden} attribute and {@code aria-hidden="true"}, as Readability's {@code _isProbablyVisible} does), or an
 * ARIA role that is not content (navigation, menus, complementary asides, dialogs and alerts, the banner, search,
 * and the page's content information).
 */
final class Visibility {
    private Visibility() {}

    /** Whether inline style {@code style} hides its element: {@code display: none} or {@code visibility: hidden}. */
    static boolean hides(String style) {
        return declares(style, "display", "none") || declares(style, "visibility", "hidden");
    }

    /** Whether {@code role} is one that never holds the main content. */
    static boolean unlikelyRole(String role) {
        if (role.isEmpty()) {
            return false;
        }
        return switch (role) {
            case "menu", "menubar", "complementary", "navigation", "alert", "alertdialog", "dialog", "banner",
                 "contentinfo", "search" -> true;
            default -> false;
        };
    }

    /** Whether the inline style {@code style} sets {@code property} to {@code value} (case left out). */
    static boolean declares(String style, String property, String value) {
        int from = 0;
        while (true) {
            int at = indexOfIgnoreCase(style, property, from);
            if (at < 0) {
                return false;
            }
            int k = at + property.length();
            boolean startsDeclaration = at == 0 || style.charAt(at - 1) == ';'
                    || Character.isWhitespace(style.charAt(at - 1));
            while (k < style.length() && Character.isWhitespace(style.charAt(k))) {
                k++;
            }
            if (startsDeclaration && k < style.length() && style.charAt(k) == ':') {
                k++;
                while (k < style.length() && Character.isWhitespace(style.charAt(k))) {
                    k++;
                }
                if (style.regionMatches(true, k, value, 0, value.length())) {
                    int after = k + value.length();
                    if (after == style.length() || style.charAt(after) == ';' || style.charAt(after) == '!'
                            || Character.isWhitespace(style.charAt(after))) {
                        return true;
                    }
                }
            }
            from = at + 1;
        }
    }

    private static int indexOfIgnoreCase(String s, String part, int from) {
        for (int i = from, last = s.length() - part.length(); i <= last; i++) {
            if (s.regionMatches(true, i, part, 0, part.length())) {
                return i;
            }
        }
        return -1;
    }
}
