package dev.loomcrawl.extract;

/**
 * One pass over a page's characters, cutting it into the tokens of the HTML tokenizer as jsoup 1.24 does
 * ({@code TokeniserState}): text, start and end tags with attributes, comments (including {@code <!-->},
 * {@code <!--->} and {@code --!>}), bogus comments ({@code <!x>}, {@code <?x>}, {@code </ x>}), processing
 * instructions, doctypes, and the text-only content of RCDATA, RAWTEXT, script and plaintext elements, whose
 * tokenizer state the {@link Sink} (the tree builder) chooses after each start tag, as in jsoup.
 *
 * <p>Text is handed over as a range of the buffer, not decoded: most text is never needed (only anchor
 * text is), so decoding is the sink's choice. A tag cut off by the end of the page is dropped, as jsoup
 * drops it. Pages containing NUL characters are not tokenized here (the caller hands them to jsoup).
 */
final class HtmlTokenizer {
    enum TextMode { DATA, RCDATA, RAWTEXT, SCRIPT, PLAINTEXT }

    /** Receives the tokens in order. */
    interface Sink {
        void startTag(TagToken tag);

        void endTag(TagToken tag);

        /**
         * Characters {@code [start, end)}; {@code decode}: whether character references apply; {@code readStart}:
         * whether jsoup's tokenizer starts a read of its own with them, as it does after every token it emits, but not
         * after an empty end tag {@code </>}, which it drops and reads on (the whitespace a read starts with is a token
         * of its own before the body and after it).
         */
        void text(int start, int end, boolean decode, boolean readStart);

        /** A comment; for a bogus comment the data is {@code [start, end)}, else start is -1. */
        void comment(int start, int end);

        void processingInstruction();

        void doctype(int start, int end);

        /** Whether {@code <![CDATA[} starts a CDATA section here (in foreign content). */
        boolean cdataAllowed();

        void eof();
    }

    private final char[] c;
    private final int n;
    private final Sink sink;
    private final TagToken tag;
    private final ScriptScanner script;
    private TextMode mode = TextMode.DATA;
    private String rawEndName;
    private int pos;
    private int textStart;
    /** Where the text after the last {@code </>} starts: a text from there continues jsoup's read. */
    private int afterEmptyEndTag = -1;
    /** Attributes ignored in all, past {@link TagToken#MAX_ATTRIBUTES} in a tag. */
    private long ignoredAttributes;

    HtmlTokenizer(char[] buf, int length, Sink sink) {
        this.c = buf;
        this.n = length;
        this.sink = sink;
        this.tag = new TagToken(buf);
        this.script = new ScriptScanner(buf, length);
    }

    /** Switches the content model after the start tag just handed over (as jsoup's tree builder does). */
    void switchTo(TextMode newMode, String elementName) {
        mode = newMode;
        rawEndName = elementName;
    }

    /** Skips one newline right after this start tag ({@code pre}, {@code listing}, {@code textarea}). */
    void ignoreLeadingLf() {
        if (pos < n && c[pos] == '\r') {
            pos++;
            if (pos < n && c[pos] == '\n') pos++;
        } else if (pos < n && c[pos] == '\n') {
            pos++;
        } else if (pos < n && c[pos] == '&') {
            pos = skipNewlineReference(pos);
        }
        textStart = pos;
    }

    /** After {@code &}: skips a character reference that stands for exactly one newline ({@code &#10;}...). */
    private int skipNewlineReference(int p) {
        int end = p + 1;
        while (end < n && end - p < 40 && c[end] != ';' && c[end] != '<' && c[end] != '&' && c[end] > ' ') end++;
        if (end < n && c[end] == ';') end++;
        for (int e = end; e > p + 1; e--) {
            String ref = new String(c, p, e - p);
            if (org.jsoup.parser.Parser.unescapeEntities(ref, false).equals("\n")) return e;
        }
        return p;
    }

    void run() {
        textStart = pos;
        while (pos < n) {
            switch (mode) {
                case DATA -> data();
                case RCDATA, RAWTEXT -> rawText();
                case SCRIPT -> scriptData();
                case PLAINTEXT -> pos = n;
            }
        }
        flushText(n);
        sink.eof();
    }

    private void flushText(int end) {
        if (end > textStart) {
            sink.text(textStart, end, mode == TextMode.DATA || mode == TextMode.RCDATA, textStart != afterEmptyEndTag);
        }
        textStart = end;
    }

    private void data() {
        int lt = indexOf('<', pos);
        if (lt < 0) {
            pos = n;
            return;
        }
        int next = lt + 1;
        if (next >= n) {
            pos = n; // a lone '<' at the end is text
            return;
        }
        char ch = c[next];
        if (isAlpha(ch)) {
            flushText(lt);
            pos = next;
            if (readTag(false)) sink.startTag(tag);
            textStart = pos;
        } else if (ch == '/') {
            endTagOpen(lt);
        } else if (ch == '!') {
            flushText(lt);
            markupDeclaration(next + 1);
        } else if (ch == '?') {
            flushText(lt);
            processingInstruction(next + 1);
        } else {
            pos = next; // '<' is text
        }
    }

    private void endTagOpen(int lt) {
        int p = lt + 2;
        if (p >= n) {
            pos = n; // "</" at the end is text
        } else if (isAlpha(c[p])) {
            flushText(lt);
            pos = p;
            if (readTag(true)) sink.endTag(tag);
            textStart = pos;
        } else if (c[p] == '>') { // no token: jsoup reads on
            flushText(lt);
            pos = p + 1;
            textStart = pos;
            afterEmptyEndTag = pos;
        } else {
            flushText(lt);
            bogusComment(p);
        }
    }

    private void markupDeclaration(int p) {
        if (startsWith(p, "--")) {
            pos = CommentScanner.end(c, n, p + 2);
            sink.comment(-1, -1);
        } else if (startsWithIgnoreCase(p, "doctype")) {
            int end = indexOf('>', p);
            pos = end < 0 ? n : end + 1;
            sink.doctype(p + 7, end < 0 ? n : end);
        } else if (startsWith(p, "[CDATA[") && sink.cdataAllowed()) {
            throw new Unsupported("CDATA section in foreign content");
        } else {
            bogusComment(p);
            return;
        }
        textStart = pos;
    }

    private void bogusComment(int p) {
        int end = indexOf('>', p);
        pos = end < 0 ? n : end + 1;
        sink.comment(p, end < 0 ? n : end);
        textStart = pos;
    }

    /** {@code <?}: a processing instruction, or a bogus comment for an {@code xml} target or odd characters. */
    private void processingInstruction(int p) {
        if (p >= n) {
            pos = n;
            textStart = n;
            return;
        }
        if (!isAlpha(c[p]) && c[p] != '_') {
            bogusComment(p - 1);
            return;
        }
        int q = p;
        while (q < n && (isAlpha(c[q]) || (c[q] >= '0' && c[q] <= '9') || c[q] == '-' || c[q] == '_')) q++;
        if (q >= n) {
            pos = n;
            textStart = n;
            return;
        }
        char t = c[q];
        boolean ends = t == '\t' || t == '\n' || t == '\r' || t == ' ' || t == '\f' || t == '?' || t == '>';
        String target = new String(c, p, q - p);
        if (!ends || target.equalsIgnoreCase("xml") || target.equalsIgnoreCase("xml-stylesheet")) {
            bogusComment(p - 1);
            return;
        }
        int end = indexOf('>', q);
        pos = end < 0 ? n : end + 1;
        textStart = pos;
        if (end >= 0) sink.processingInstruction();
    }

    /** RCDATA and RAWTEXT: text up to {@code </name} followed by whitespace, '/' or '>'. */
    private void rawText() {
        int from = pos;
        while (true) {
            int lt = indexOf('<', from);
            if (lt < 0 || lt + 1 >= n) {
                pos = n;
                return;
            }
            if (c[lt + 1] == '/' && appropriateEndTag(lt + 2)) {
                endRawText(lt);
                return;
            }
            from = lt + 1;
        }
    }

    private void scriptData() {
        int lt = script.endTag(pos);
        if (lt < 0) {
            pos = n;
            return;
        }
        endRawText(lt);
    }

    private void endRawText(int lt) {
        flushText(lt);
        mode = TextMode.DATA;
        pos = lt + 2;
        if (readTag(true)) sink.endTag(tag);
        textStart = pos;
    }

    /** Whether {@code c[p..]} is the name of the element whose text this is, then whitespace, '/' or '>'. */
    private boolean appropriateEndTag(int p) {
        int q = p;
        while (q < n && isAlpha(c[q])) q++;
        if (q >= n || q - p != rawEndName.length()) return false;
        char t = c[q];
        if (!(t == '\t' || t == '\n' || t == '\f' || t == '\r' || t == ' ' || t == '/' || t == '>')) return false;
        for (int i = 0; i < rawEndName.length(); i++) {
            char ch = c[p + i];
            if (ch >= 'A' && ch <= 'Z') ch += 32;
            if (ch != rawEndName.charAt(i)) return false;
        }
        return true;
    }

    /** Reads a tag from its name at {@code pos}; false when the page ends inside it (it is dropped). */
    private boolean readTag(boolean endTag) {
        tag.reset(endTag);
        int start = pos;
        while (pos < n) {
            char ch = c[pos];
            if (ch == '\t' || ch == '\n' || ch == '\f' || ch == '\r' || ch == ' ' || ch == '/' || ch == '>') break;
            pos++;
        }
        if (pos >= n) return false;
        tag.name = HtmlTags.name(c, start, pos);
        int end = AttributeScanner.scan(c, n, pos, tag);
        ignoredAttributes += tag.ignored;
        pos = end < 0 ? n : end;
        return end >= 0;
    }

    /** Attributes ignored so far, past {@link TagToken#MAX_ATTRIBUTES} in a tag. */
    long ignoredAttributes() {
        return ignoredAttributes;
    }

    private int indexOf(char ch, int from) {
        for (int i = from; i < n; i++) {
            if (c[i] == ch) return i;
        }
        return -1;
    }

    private boolean startsWith(int p, String s) {
        if (p + s.length() > n) return false;
        for (int i = 0; i < s.length(); i++) {
            if (c[p + i] != s.charAt(i)) return false;
        }
        return true;
    }

    private boolean startsWithIgnoreCase(int p, String lower) {
        if (p + lower.length() > n) return false;
        for (int i = 0; i < lower.length(); i++) {
            char ch = c[p + i];
            if (ch >= 'A' && ch <= 'Z') ch += 32;
            if (ch != lower.charAt(i)) return false;
        }
        return true;
    }

    static boolean isAlpha(char ch) {
        return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z');
    }
}
