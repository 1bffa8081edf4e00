package dev.loomcrawl.content;

import dev.loomcrawl.extract.PageTree;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The page's title as its head states it (its {@code <title>}, and its {@code og:title} meta), to tell a heading of
 * the content that repeats it: the headline, which the page's facts hold already ({@code title}, {@code h1}) and which
 * the plain text therefore leaves out (the Markdown keeps it once, as the content's heading).
 *
 * <p>A heading repeats the title when its words and the words of the title, or of one part of the title (a title is
 * often the headline and the site's name, "Harbour bridge reopens | Example News"), cover each other: at least 3 in 4
 * of either side's word characters are in words of the other (Readability's {@code textSimilarity}, both ways, so
 * that a heading "News" does not repeat "Harbour bridge reopens | Example News").
 */
final class Headline {
    /** Similar enough, as Readability's {@code _headerDuplicatesTitle}. */
    private static final double SIMILAR = 0.75;
    /** What separates a title's parts: a headline and the site's name. */
    private static final String[] SEPARATORS = {" | ", " - ", " – ", " — ", " :: ", " · ", " • ", " » ", " / ", ": "};
    /** Read of a title at most, and forms of it kept at most: a page controls them. */
    private static final int LONGEST = 2000;
    private static final int FORMS = 16;

    /** No title: nothing repeats it. */
    static final Headline NONE = new Headline(List.of());

    /** The words of each form of the title. */
    private final List<List<String>> titles;

    private Headline(List<List<String>> titles) {
        this.titles = titles;
    }

    /** The title of the page whose html element is {@code html} (-1: none), read from its head. */
    static Headline of(PageTree tree, int html) {
        int head = -1;
        for (int c = html < 0 ? -1 : tree.firstChild(html); c >= 0; c = tree.next(c)) {
            if (tree.is(c, "head")) {
                head = c;
                break;
            }
        }
        if (head < 0) {
            return NONE;
        }
        List<String> forms = new ArrayList<>();
        for (int n = head + 1, stop = tree.end(head); n < stop && forms.size() < FORMS; n++) {
            if (tree.is(n, "title") && forms.isEmpty()) {
                String title = JsoupText.of(tree, n);
                title = title.length() > LONGEST ? title.substring(0, LONGEST) : title;
                forms.add(title);
                for (String separator : SEPARATORS) {
                    for (String part : title.split(java.util.regex.Pattern.quote(separator))) {
                        if (part.length() < title.length()) {
                            forms.add(part);
                        }
                    }
                }
            } else if (tree.is(n, "meta") && tree.attr(n, "property").equalsIgnoreCase("og:title")) {
                forms.add(tree.attr(n, "content"));
            }
        }
        List<List<String>> titles = new ArrayList<>();
        for (String form : forms.subList(0, Math.min(FORMS, forms.size()))) {
            List<String> words = words(form.length() > LONGEST ? form.substring(0, LONGEST) : form);
            if (!words.isEmpty()) {
                titles.add(words);
            }
        }
        return titles.isEmpty() ? NONE : new Headline(titles);
    }

    /** Whether {@code heading} (a heading's text) repeats the title. */
    boolean repeatedBy(String heading) {
        if (titles.isEmpty()) {
            return false;
        }
        List<String> words = words(heading);
        if (words.isEmpty()) {
            return false;
        }
        for (List<String> title : titles) {
            if (covered(title, words) >= SIMILAR && covered(words, title) >= SIMILAR) {
                return true;
            }
        }
        return false;
    }

    /** The share of {@code b}'s word characters in words that {@code a} has (Readability's textSimilarity(a, b)). */
    private static double covered(List<String> a, List<String> b) {
        Set<String> in = new HashSet<>(a);
        int all = -1;
        int outside = -1;
        for (String w : b) {
            all += w.length() + 1;
            if (!in.contains(w)) {
                outside += w.length() + 1;
            }
        }
        return all <= 0 ? 0 : 1 - Math.max(0, outside) / (double) all;
    }

    /** The words of {@code s}, lower case: its runs of letters and digits. */
    static List<String> words(String s) {
        List<String> words = new ArrayList<>();
        String lower = s.toLowerCase(Locale.ROOT);
        int start = -1;
        for (int i = 0; i <= lower.length(); i++) {
            boolean letter = i < lower.length() && Character.isLetterOrDigit(lower.charAt(i));
            if (letter && start < 0) {
                start = i;
            } else if (!letter && start >= 0) {
                words.add(lower.substring(start, i));
                start = -1;
            }
        }
        return words;
    }
}
