package dev.loomcrawl.content;

import dev.loomcrawl.extract.PageTree;

/**
 * What {@link PageKinds} reads of a page's tree: of its main content, the characters of text and of link text, the
 * headings and how many of them are links, the {@code article} elements; of its head, the {@code generator} meta and
 * {@code og:type}. One pass over the main content's nodes (the headings and articles counted only where a listing may
 * be: not on a documentation generator's page), which looks at each text node's ends only (its length
 * trimmed of whitespace), not at each of its characters: a loop per node costs a twentieth of one per character.
 *
 * @param chars          text characters in the main content, each text node trimmed of whitespace at its ends
 * @param linkChars      those inside an {@code <a href>}
 * @param links          {@code <a href>} elements (not inside another) with text
 * @param headings       headings ({@code h1}...{@code h6}) with text
 * @param linkedHeadings headings whose text is four fifths or more link text (a teaser's title linking to it)
 * @param articles       {@code article} elements
 * @param generator      the {@code generator} meta's content, or "" when there is none
 * @param ogType         the {@code og:type} meta's content, or "" when there is none
 */
record KindSignals(int chars, int linkChars, int links, int headings, int linkedHeadings, int articles,
                   String generator, String ogType) {

    /** The signals of {@code main}'s content in its tree. */
    static KindSignals of(MainContent.Result main) {
        String[] head = head(main.tree());
        return of(main, head[0], head[1], true);
    }

    /**
     * The signals of {@code main}'s content, its head's metas given; the headings and articles (a listing's signals)
     * counted only when {@code listing}: not for a documentation generator's page, which is never a listing.
     */
    static KindSignals of(MainContent.Result main, String generator, String ogType, boolean listing) {
        PageTree tree = main.tree();
        boolean[] leftOut = main.leftOut();
        char[] text = tree.text();
        int chars = 0;
        int linkChars = 0;
        int links = 0;
        int linkStart = -1; // the link being read, until its text is counted
        int headings = 0;
        int linked = 0;
        int articles = 0;
        int linkEnd = -1; // the end of the link being read, if any
        int headingEnd = -1; // the end of the heading being read, if any
        int headingChars = 0;
        int headingLinkChars = 0;
        for (int root : main.roots()) {
            int end = tree.end(root);
            int n = root;
            while (n < end) {
                if (leftOut != null && leftOut[n]) {
                    n = tree.end(n);
                    continue;
                }
                if (tree.isText(n)) {
                    int length = trimmedLength(text, tree.textStart(n), tree.textEnd(n));
                    boolean inLink = n < linkEnd;
                    chars += length;
                    if (inLink) {
                        linkChars += length;
                        if (linkStart >= 0 && length > 0) {
                            links++;
                            linkStart = -1;
                        }
                    }
                    if (n < headingEnd) {
                        headingChars += length;
                        if (inLink) headingLinkChars += length;
                    }
                } else {
                    // one comparison for most elements: equals() finds the tree's interned names at once
                    String name = tree.name(n);
                    if (name.equals("a")) {
                        if (n >= linkEnd && tree.hasAttr(n, "href")) {
                            linkEnd = tree.end(n);
                            linkStart = n;
                        }
                    } else if (listing) {
                        int length = name.length();
                        if (length == 2) {
                            char level = name.charAt(1);
                            if (name.charAt(0) == 'h' && level >= '1' && level <= '6' && n >= headingEnd) {
                                if (headingChars > 0) {
                                    headings++;
                                    if (headingLinkChars * 5 >= headingChars * 4) linked++;
                                }
                                headingEnd = tree.end(n);
                                headingChars = 0;
                                headingLinkChars = 0;
                            }
                        } else if (length == 7 && name.equals("article")) {
                            articles++;
                        }
                    }
                }
                n++;
            }
        }
        if (headingChars > 0) {
            headings++;
            if (headingLinkChars * 5 >= headingChars * 4) linked++;
        }
        return new KindSignals(chars, linkChars, links, headings, linked, articles, generator, ogType);
    }

    /** The share of the text that is link text; 0 without text. */
    double linkDensity() {
        return chars == 0 ? 0 : (double) linkChars / chars;
    }

    private static int trimmedLength(char[] text, int from, int to) {
        while (from < to && text[from] <= ' ') from++;
        while (to > from && text[to - 1] <= ' ') to--;
        return to - from;
    }

    /** The generator meta's and og:type's contents in the page's head ("" for none), as {@link Generator} reads it. */
    static String[] head(PageTree page) {
        String[] found = {"", ""};
        for (int html = page.firstChild(0); html >= 0; html = page.next(html)) {
            for (int head = page.firstChild(html); head >= 0; head = page.next(head)) {
                if (!page.is(head, "head")) continue;
                for (int e = page.firstChild(head); e >= 0; e = page.next(e)) {
                    if (!page.is(e, "meta")) continue;
                    if (found[0].isEmpty() && page.attr(e, "name").equals("generator")) {
                        found[0] = page.attr(e, "content");
                    } else if (found[1].isEmpty() && page.attr(e, "property").equals("og:type")) {
                        found[1] = page.attr(e, "content");
                    }
                }
            }
        }
        return found;
    }
}
