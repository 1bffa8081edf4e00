package dev.loomcrawl.scope;

/**
 * A regular expression a setting gives ({@code include}, {@code exclude}, {@code logout}, {@code render-include}),
 * found anywhere in a URL. It is matched by RE2/J, in time linear in the URL's length whatever the pattern, so no
 * pattern, a service's request's least of all, can hold a crawl's thread: Java's own regular expressions backtrack,
 * and {@code ((x+)+)+y} against a URL of 40 x's runs for hours. The price is RE2's syntax: no back-references, no
 * look-around, no possessive quantifiers; such a pattern is refused as the setting is read.
 */
public final class UrlPattern {
    private final String pattern;
    private final com.google.re2j.Pattern compiled;

    private UrlPattern(String pattern, com.google.re2j.Pattern compiled) {
        this.pattern = pattern;
        this.compiled = compiled;
    }

    /**
     * The pattern; an {@link IllegalArgumentException} saying why when it is not one RE2 takes (its message names
     * no setting: the caller's does).
     */
    public static UrlPattern compile(String regex) {
        try {
            return new UrlPattern(regex, com.google.re2j.Pattern.compile(regex));
        } catch (RuntimeException e) { // re2j's PatternSyntaxException
            throw new IllegalArgumentException("is not a valid regular expression: " + regex + (java(regex)
                    ? " (loomcrawl takes RE2's syntax: no back-references or look-around)" : ""));
        }
    }

    private static boolean java(String regex) {
        try {
            java.util.regex.Pattern.compile(regex);
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }

    /** The expression as it was given. */
    public String pattern() {
        return pattern;
    }

    /** Whether a match is found anywhere in {@code subject}. */
    public boolean foundIn(CharSequence subject) {
        return compiled.matcher(subject).find();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof UrlPattern p && p.pattern.equals(pattern);
    }

    @Override
    public int hashCode() {
        return pattern.hashCode();
    }

    @Override
    public String toString() {
        return pattern;
    }
}
