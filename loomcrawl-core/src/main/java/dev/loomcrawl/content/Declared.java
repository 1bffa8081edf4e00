package dev.loomcrawl.content;

/**
 * The container a page declares as its main content: its only {@code main} element or element with
 * {@code role="main"} (one inside the other counts once), as HTML and ARIA define them and as Sphinx and javadoc
 * write them; or, in a page made by the DocBook XSL stylesheets (its {@code generator} meta says so, as in the
 * PostgreSQL and Boost docs), the first element whose class names a DocBook division (chapter, sect1, refentry...),
 * which those stylesheets put between the navigation header and footer: that one is {@code whole}, as the
 * stylesheets put nothing but the document in it. A page made by javadoc, rustdoc or docutils (Sphinx) declares
 * its main element, which those generators put nothing but the document in either: it is whole too
 * ({@link Generator#mainIsTheDocument}).
 *
 * @param index the container's index in the {@link Tree}
 * @param whole whether the page's generator vouches that all of it is content
 */
record Declared(int index, boolean whole) {
    /**
     * The container declared in {@code t}, or null (none, several, or left out at the scan): the only element marked
     * {@link Tree#DECLARED} that no other holds.
     */
    static Declared in(Tree t) {
        int found = -1;
        for (int i = 0; i < t.size; i++) {
            if ((t.flags[i] & Tree.DECLARED) != 0 && !t.removed(i)
                    && (t.parent[i] < 0 || (t.flags[t.parent[i]] & Tree.IN_DECLARED) == 0)) {
                if (found >= 0) {
                    return null;
                }
                found = i;
            }
        }
        if (found < 0) {
            return null;
        }
        boolean division = (t.kind[found] & Tags.MAIN) == 0
                && !t.nodes.page.attr(t.node[found], "role").equals("main");
        return new Declared(found, division || t.nodes.generator.mainIsTheDocument());
    }

    /** Whether {@code className} is the class the DocBook XSL stylesheets give a division of a document. */
    static boolean division(String className) {
        return switch (className) {
            case "set", "book", "part", "reference", "chapter", "appendix", "preface", "article", "refentry",
                 "sect1", "sect2", "sect3", "sect4", "sect5", "section", "glossary", "bibliography", "index",
                 "colophon", "dedication", "acknowledgements", "setindex", "partintro", "simplesect" -> true;
            default -> false;
        };
    }
}
