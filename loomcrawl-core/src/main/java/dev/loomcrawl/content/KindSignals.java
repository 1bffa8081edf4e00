package dev.loomcrawl.content;

import dev.loomcrawl.extract.PageTree;

/**
 * What {@link PageKinds} reads of a page's tree: of its main content, the characters of text and of link text, the
 * headings and how many of them are links, the {@code article} elements; of its head, the {@code generator} meta and
 * {@code og:type}. Counted over the main content's nodes (the headings and articles only where a listing may be: not
 * on a documentation generator's page) by the walk that writes its Markdown and text ({@link Count}), which looks at
 * each text node's ends only (its length trimmed of whitespace), not at each of its characters: a loop per node costs
 * a twentieth of one per character (and no second pass over the nodes is made).
 *
 * @param chars          text characters in the main content, each text node trimmed of whitespace at its ends
 * @param linkChars      those inside an {@code <a href>}
 * @param links          {@code <a href>} elements (not inside another) with text
 * @param headings       headings ({@code h1}...{@code h6}) with text
 * @param linkedHeadings headings whose text is four fifths or more link text (a teaser's title linking to it)
 * @param articles       {@code article} elements
 * @param generator      the {@code generator} meta's content, or "" when there is none
 * @param ogType         the {@code og:type} meta's content, or "" when there is none
 * @param prose          text characters in paragraphs ({@code p}), not in links: what a page says in sentences
 * @param rows           table rows with text
 * @param linkRows       those whose first text is link text (an index's entries: a link, then a line about it)
 * @param searchForm     whether the main content holds a search box (a text or search input named q, query,
 *                       search, s, or an input of type search)
 */
record KindSignals(int chars, int linkChars, int links, int headings, int linkedHeadings, int articles,
                   String generator, String ogType, int prose, int rows, int linkRows, boolean searchForm) {

    /** The signals of {@code main}'s content in its tree. */
    static KindSignals of(MainContent.Result main) {
        String[] head = head(main.tree());
        return of(main, head[0], head[1], true);
    }

    /**
     * The signals of {@code main}'s content, its head's metas given; the headings and articles (a listing's signals)
     * counted only when {@code listing}: not for a documentation generator's page, which is never a listing. A pass
     * of its own: a page's content counts them in its Markdown and text walk instead ({@link Count}).
     */
    static KindSignals of(MainContent.Result main, String generator, String ogType, boolean listing) {
        PageTree tree = main.tree();
        Count count = new Count(tree, main.leftOut(), listing);
        for (int root : main.roots()) count.over(root, tree.end(root));
        return count.signals(generator, ogType);
    }

    /**
     * The signals counted as the nodes of the main content come, in document order, each once: told of each node
     * the content's walk visits ({@link #text}, {@link #element}) and of each subtree it passes over without visiting
     * ({@link #over}: skipped elements, a {@code pre} the Markdown copies whole, a permalink), so that the walk
     * over the nodes that writes the Markdown and the text counts them too, and no second pass is made. The nodes
     * {@code leftOut} marks are not counted, and neither are their subtrees.
     */
    static final class Count {
        private final PageTree tree;
        private final boolean[] leftOut;
        private final boolean listing;
        private final char[] text;
        /** The roles of the names met, for {@link #over}. */
        private final ElementRole.Lookup roles = new ElementRole.Lookup();
        private int chars;
        private int linkChars;
        private int links;
        private int linkStart = -1; // the link being read, until its text is counted
        private int headings;
        private int linked;
        private int articles;
        private int linkEnd = -1; // the end of the link being read, if any
        private int headingEnd = -1; // the end of the heading being read, if any
        private int headingChars;
        private int headingLinkChars;
        private int paragraphEnd = -1; // the end of the paragraph being read, if any
        private int prose;
        private int rows;
        private int linkRows;
        private boolean rowOpen; // a row whose first text is still to come
        private boolean searchForm;

        Count(PageTree tree, boolean[] leftOut, boolean listing) {
            this.tree = tree;
            this.leftOut = leftOut;
            this.listing = listing;
            this.text = tree.text();
        }

        /** Text node n. */
        void text(int n) {
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
            if (!inLink && n < paragraphEnd) prose += length;
            if (rowOpen && visible(text, tree.textStart(n), tree.textEnd(n))) { // not an indent of no-break spaces
                rows++;
                if (inLink) linkRows++;
                rowOpen = false;
            }
        }

        /** Element n, whose {@link ElementRole} is role. */
        void element(int n, int role) {
            if (role == ElementRole.ROW) {
                rowOpen = true;
            } else if (role == ElementRole.BLOCK && n >= paragraphEnd && tree.is(n, "p")) {
                paragraphEnd = tree.end(n);
            } else if (role == ElementRole.SKIPPED) {
                searchBox(n);
            }
            if (role == ElementRole.A) {
                if (n >= linkEnd && tree.hasAttr(n, "href")) {
                    linkEnd = tree.end(n);
                    linkStart = n;
                }
            } else if (listing) {
                if (ElementRole.headingLevel(role) > 0) {
                    if (n >= headingEnd) {
                        heading();
                        headingEnd = tree.end(n);
                    }
                } else if (role == ElementRole.BLOCK && tree.name(n).equals("article")) {
                    articles++;
                }
            }
        }

        /**
         * A subtree of the main content left out of its text (n, up to {@code to}): only looked into for a search box,
         * as the form that holds one is cleaned away as boilerplate.
         */
        void leftOut(int from, int to) {
            for (int n = from; n < to && !searchForm; n++) if (!tree.isText(n)) searchBox(n);
        }

        /** Whether element n is a search box: an input of type search, or a text input named as a query is. */
        private void searchBox(int n) {
            if (searchForm || !tree.is(n, "input")) return;
            String type = tree.attr(n, "type");
            String name = tree.attr(n, "name");
            searchForm = type.equalsIgnoreCase("search") || (type.isEmpty() || type.equalsIgnoreCase("text"))
                    && (name.equals("q") || name.equals("query") || name.equals("search") || name.equals("s"));
        }

        /** The nodes [from, to) (whole subtrees), but for the subtrees {@link #leftOut} marks. */
        void over(int from, int to) {
            int n = from;
            while (n < to) {
                if (leftOut != null && leftOut[n]) {
                    leftOut(n, tree.end(n));
                    n = tree.end(n);
                    continue;
                }
                if (tree.isText(n)) text(n);
                else element(n, roles.of(tree.name(n)));
                n++;
            }
        }

        /** Counts the heading being read, if it has text, and starts the next. */
        private void heading() {
            if (headingChars > 0) {
                headings++;
                if (headingLinkChars * 5 >= headingChars * 4) linked++;
            }
            headingChars = 0;
            headingLinkChars = 0;
        }

        /** The signals counted, with the head's generator meta and og:type. */
        KindSignals signals(String generator, String ogType) {
            heading();
            return new KindSignals(chars, linkChars, links, headings, linked, articles, generator, ogType, prose, rows,
                    linkRows, searchForm);
        }
    }

    /** The share of the text that is link text; 0 without text. */
    double linkDensity() {
        return chars == 0 ? 0 : (double) linkChars / chars;
    }

    /** Whether text[from, to) has a character other than white space and no-break spaces. */
    private static boolean visible(char[] text, int from, int to) {
        for (int i = from; i < to; i++) if (text[i] > ' ' && text[i] != '\u00a0') return true;
        return false;
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
