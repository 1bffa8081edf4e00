package dev.loomcrawl.extract;

import dev.loomcrawl.extract.CssLinks.Ref;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One pass of the CSS Syntax Level 3 tokenizer over a style sheet's text, keeping only what can hold a URL:
 * url tokens, the string inside {@code url("...")}, strings directly inside an {@code image-set()}, and the
 * first string or url after an {@code @import}. Other tokens are skipped by their own rules (comments,
 * strings, escapes), so a {@code url(} inside a comment or a string is not a link. Preprocessing is done on
 * the fly: CR, FF and CRLF count as one newline, NUL as U+FFFD.
 */
final class CssScanner {
    private static final int OTHER = 0, URL = 1, IMAGE_SET = 2;
    private enum AtRule { NONE, IMPORT, NAMESPACE }

    private final String s;
    private final int n;
    private final List<Ref> refs = new ArrayList<>();
    private int pos;
    private int[] functions = new int[8]; // the open functions' kinds, innermost last
    private int depth;
    private boolean urlStringSeen; // the url("...") being read has given its string
    private AtRule atRule = AtRule.NONE;

    CssScanner(String css) {
        this.s = css;
        this.n = css.length();
    }

    List<Ref> run() {
        while (pos < n) {
            char ch = s.charAt(pos);
            if (ch == '/' && pos + 1 < n && s.charAt(pos + 1) == '*') {
                int end = s.indexOf("*/", pos + 2);
                pos = end < 0 ? n : end + 2;
            } else if (isWhitespace(ch)) {
                pos++;
            } else if (ch == '"' || ch == '\'') {
                String value = string(ch);
                if (value != null) stringToken(value);
                else atRule = AtRule.NONE;
            } else if (ch == '@') {
                pos++;
                atRule = AtRule.NONE;
                if (startsIdent(pos)) {
                    String name = ident();
                    if (name.equalsIgnoreCase("import")) atRule = AtRule.IMPORT;
                    else if (name.equalsIgnoreCase("namespace")) atRule = AtRule.NAMESPACE;
                }
            } else if (startsIdent(pos)) {
                identLike();
            } else if ((ch >= '0' && ch <= '9') || (ch == '#' && pos + 1 < n && (isNameChar(s.charAt(pos + 1))
                    || validEscape(pos + 1)))) {
                numberOrHash();
            } else {
                pos++;
                if (ch == '(') push(OTHER);
                else if (ch == ')') pop();
                if (ch == ';' || ch == '{' || ch == '}') atRule = AtRule.NONE;
                else if (atRule == AtRule.IMPORT) atRule = AtRule.NONE;
            }
        }
        return refs;
    }

    private void stringToken(String value) {
        if (atRule == AtRule.IMPORT) {
            refs.add(new Ref(value, true));
            atRule = AtRule.NONE;
            if (depth > 0 && functions[depth - 1] == URL) urlStringSeen = true;
            return;
        }
        if (depth == 0 || atRule == AtRule.NAMESPACE) return;
        int kind = functions[depth - 1];
        if (kind == IMAGE_SET || (kind == URL && !urlStringSeen)) {
            refs.add(new Ref(value, false));
            if (kind == URL) urlStringSeen = true;
        }
    }

    /**
     * A number with its unit ({@code 1url(} is a dimension then a '(', not a url) or a hash ({@code #url(}
     * likewise): the digits, '.' and exponent, then the name after them.
     */
    private void numberOrHash() {
        boolean hash = s.charAt(pos) == '#';
        pos++;
        while (!hash && pos < n) {
            char ch = s.charAt(pos);
            if (isDigit(ch) || (ch == '.' && pos + 1 < n && isDigit(s.charAt(pos + 1)))) {
                pos++;
            } else if ((ch == 'e' || ch == 'E') && pos + 1 < n && (isDigit(s.charAt(pos + 1))
                    || ((s.charAt(pos + 1) == '+' || s.charAt(pos + 1) == '-') && pos + 2 < n
                    && isDigit(s.charAt(pos + 2))))) {
                pos += 2;
            } else {
                break;
            }
        }
        if (hash || startsIdent(pos)) ident(); // the hash's name, or the number's unit
        if (atRule == AtRule.IMPORT) atRule = AtRule.NONE;
    }

    /** An ident, a function, or a url token (the "consume an ident-like token" algorithm). */
    private void identLike() {
        String name = ident();
        if (pos >= n || s.charAt(pos) != '(') {
            if (atRule == AtRule.IMPORT) atRule = AtRule.NONE;
            return;
        }
        pos++;
        if (name.equalsIgnoreCase("url")) {
            int p = pos;
            while (p < n && isWhitespace(s.charAt(p))) p++;
            if (p < n && (s.charAt(p) == '"' || s.charAt(p) == '\'')) {
                pos = p;
                push(URL);
                urlStringSeen = false;
                return; // a function: its string comes as the next token
            }
            String url = urlToken();
            if (url != null && atRule != AtRule.NAMESPACE) refs.add(new Ref(url, atRule == AtRule.IMPORT));
            if (atRule == AtRule.IMPORT) atRule = AtRule.NONE;
            return;
        }
        if (atRule == AtRule.IMPORT) atRule = AtRule.NONE;
        push(name.equalsIgnoreCase("image-set") || name.equalsIgnoreCase("-webkit-image-set") ? IMAGE_SET : OTHER);
    }

    /** After {@code url(} and no quote: the url's value, or null for a bad url (whose rest is skipped). */
    private String urlToken() {
        while (pos < n && isWhitespace(s.charAt(pos))) pos++;
        StringBuilder value = new StringBuilder();
        while (pos < n) {
            char ch = s.charAt(pos);
            if (ch == ')') {
                pos++;
                return value.toString();
            } else if (isWhitespace(ch)) {
                while (pos < n && isWhitespace(s.charAt(pos))) pos++;
                if (pos >= n) return value.toString();
                if (s.charAt(pos) == ')') {
                    pos++;
                    return value.toString();
                }
                return badUrl();
            } else if (ch == '"' || ch == '\'' || ch == '(' || isNonPrintable(ch)) {
                return badUrl();
            } else if (ch == '\\') {
                if (!validEscape(pos)) return badUrl();
                pos++;
                escape(value);
            } else {
                value.append(ch == 0 ? '\uFFFD' : ch);
                pos++;
            }
        }
        return value.toString(); // the sheet ended inside url(: still a url token
    }

    /** Skips the rest of a bad url: up to its ')' or the end, escaped characters included. */
    private String badUrl() {
        while (pos < n) {
            char ch = s.charAt(pos);
            if (ch == ')') {
                pos++;
                return null;
            }
            if (ch == '\\' && validEscape(pos)) {
                pos++;
                escape(new StringBuilder());
            } else {
                pos++;
            }
        }
        return null;
    }

    /** A string token from its opening quote: its value, or null for a bad string (a newline before the quote). */
    private String string(char quote) {
        pos++;
        StringBuilder value = new StringBuilder();
        while (pos < n) {
            char ch = s.charAt(pos);
            if (ch == quote) {
                pos++;
                return value.toString();
            } else if (isNewline(ch)) {
                return null; // the newline is not consumed: it is the next token
            } else if (ch == '\\') {
                pos++;
                if (pos >= n) break;
                char next = s.charAt(pos);
                if (isNewline(next)) {
                    pos += next == '\r' && pos + 1 < n && s.charAt(pos + 1) == '\n' ? 2 : 1; // a line continuation
                } else {
                    escape(value);
                }
            } else {
                value.append(ch == 0 ? '\uFFFD' : ch);
                pos++;
            }
        }
        return value.toString(); // the sheet ended inside the string: still a string
    }

    /** An ident sequence from {@code pos} (known to start one), escapes resolved. */
    private String ident() {
        StringBuilder name = null;
        int start = pos;
        while (pos < n) {
            char ch = s.charAt(pos);
            if (isNameChar(ch)) {
                if (name != null) name.append(ch == 0 ? '\uFFFD' : ch);
                pos++;
            } else if (ch == '\\' && validEscape(pos)) {
                if (name == null) name = new StringBuilder().append(s, start, pos);
                pos++;
                escape(name);
            } else {
                break;
            }
        }
        return name == null ? s.substring(start, pos) : name.toString();
    }

    /** After a backslash (a valid escape): appends the escaped code point ("consume an escaped code point"). */
    private void escape(StringBuilder out) {
        if (pos >= n) {
            out.append('\uFFFD');
            return;
        }
        char ch = s.charAt(pos);
        if (!isHex(ch)) {
            out.append(ch == 0 ? '\uFFFD' : ch);
            pos++;
            return;
        }
        int value = 0;
        int digits = 0;
        while (pos < n && digits < 6 && isHex(s.charAt(pos))) {
            value = value * 16 + Character.digit(s.charAt(pos), 16);
            pos++;
            digits++;
        }
        if (pos < n && isWhitespace(s.charAt(pos))) {
            pos += s.charAt(pos) == '\r' && pos + 1 < n && s.charAt(pos + 1) == '\n' ? 2 : 1;
        }
        if (value == 0 || (value >= 0xD800 && value <= 0xDFFF) || value > 0x10FFFF) value = 0xFFFD;
        out.appendCodePoint(value);
    }

    /** Whether the code points at {@code p} start an ident sequence. */
    private boolean startsIdent(int p) {
        if (p >= n) return false;
        char ch = s.charAt(p);
        if (ch == '-') {
            if (p + 1 >= n) return false;
            char next = s.charAt(p + 1);
            return isNameStart(next) || next == '-' || (next == '\\' && validEscape(p + 1));
        }
        if (ch == '\\') return validEscape(p);
        return isNameStart(ch);
    }

    private boolean validEscape(int p) {
        return s.charAt(p) == '\\' && (p + 1 >= n || !isNewline(s.charAt(p + 1)));
    }

    private void push(int kind) {
        if (depth == functions.length) functions = Arrays.copyOf(functions, depth * 2);
        functions[depth++] = kind;
    }

    private void pop() {
        if (depth > 0) depth--;
    }

    private static boolean isNameStart(char ch) {
        return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || ch == '_' || ch >= 0x80 || ch == 0;
    }

    private static boolean isNameChar(char ch) {
        return isNameStart(ch) || (ch >= '0' && ch <= '9') || ch == '-';
    }

    private static boolean isDigit(char ch) {
        return ch >= '0' && ch <= '9';
    }

    private static boolean isHex(char ch) {
        return (ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'f') || (ch >= 'A' && ch <= 'F');
    }

    private static boolean isNewline(char ch) {
        return ch == '\n' || ch == '\r' || ch == '\f';
    }

    private static boolean isWhitespace(char ch) {
        return ch == ' ' || ch == '\t' || isNewline(ch);
    }

    private static boolean isNonPrintable(char ch) {
        return (ch >= 1 && ch <= 8) || ch == 0x0B || (ch >= 0x0E && ch <= 0x1F) || ch == 0x7F;
    }
}
