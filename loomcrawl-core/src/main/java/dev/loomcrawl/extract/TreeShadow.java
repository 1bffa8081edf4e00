package dev.loomcrawl.extract;

import dev.loomcrawl.extract.OpenElements.Node;

import java.util.ArrayList;
import java.util.List;

/**
 * jsoup's HTML tree builder ({@code HtmlTreeBuilder}, 1.24) without the tree: the insertion modes, the stack
 * of open elements and the active formatting elements, enough to know which elements exist and in what
 * order, which tokenizer state follows a start tag, and which text lands inside the elements whose text the
 * {@link ElementSink} wants ({@code <a>}, {@code <title>}, {@code <h1>}). Every inserted element goes to the
 * sink in document order, and those it watches again when they are closed.
 *
 * <p>This class holds the shared machinery (dispatch, insertion, popping, formatting reconstruction), the
 * modes before the head and after the body, and {@code noscript}; {@link HeadRules}, {@link BodyRules},
 * {@link TableRules} and {@link ForeignRules} hold the other modes. Where jsoup would move nodes to another place in the tree (foster parenting in tables, the adoption
 * agency's "furthest block", templates, framesets), it throws {@link Unsupported}.
 */
final class TreeShadow implements HtmlTokenizer.Sink {
    enum Mode {
        INITIAL, BEFORE_HTML, BEFORE_HEAD, IN_HEAD, AFTER_HEAD, IN_BODY, TEXT, IN_TABLE, IN_CAPTION,
        IN_COLUMN_GROUP, IN_TABLE_BODY, IN_ROW, IN_CELL, AFTER_BODY, AFTER_AFTER_BODY
    }

    enum Quirks { NO, YES, UNKNOWN }

    final char[] c;
    final OpenElements open = new OpenElements();
    final ElementSink sink;
    final BodyRules body = new BodyRules(this);
    final TableRules table = new TableRules(this);
    private final ForeignRules foreign = new ForeignRules(this);
    private final HeadRules headRules = new HeadRules(this);
    /** The open elements whose text is collected ({@link Node#text}), in the order they were inserted. */
    private final List<Node> texts = new ArrayList<>(2);
    HtmlTokenizer tokenizer;
    Mode mode = Mode.INITIAL;
    Mode original;
    Quirks quirks = Quirks.YES;
    Node head;
    Node form;
    private boolean fosterInserts;
    private Node noscript;
    private Node noscriptSavedForm;
    private int documentChildren;
    /** Records the tree, when asked for ({@link StreamingLinkExtractor}). */
    PageTree.Builder recorder;
    /** Data of the document's first node when it is a comment ({@code <?xml ...?>}); charset prescan only. */
    String firstComment;

    TreeShadow(char[] c, ElementSink sink) {
        this.c = c;
        this.sink = sink;
    }

    // Tokens from the tokenizer, dispatched as jsoup's HtmlTreeBuilder.process does

    @Override
    public void startTag(TagToken tag) {
        processStart(tag);
    }

    @Override
    public void endTag(TagToken tag) {
        processEnd(tag.name);
    }

    @Override
    public void text(int start, int end, boolean decode, boolean readStart) {
        Chars chars = new Chars(c, start, end, decode, readStart);
        if (noscript != null && mode != Mode.TEXT) {
            insertText(chars);
        } else if (foreignCurrent()) {
            insertText(chars);
        } else {
            textIn(mode, chars);
        }
    }

    @Override
    public void comment(int start, int end) {
        if (mode == Mode.INITIAL || mode == Mode.BEFORE_HTML) {
            if (documentChildren++ == 0 && start >= 0 && sink.wantsFirstComment()) firstComment = commentData(start, end);
        } else if (mode != Mode.AFTER_BODY && mode != Mode.AFTER_AFTER_BODY) {
            Node target = open.current();
            for (int i = 0, n = texts.size(); i < n; i++) texts.get(i).text.otherNode(target);
        }
    }

    private String commentData(int start, int end) {
        if (end >= 0) return new String(c, start, end - start);
        if (start < c.length && (c[start] == '!' || c[start] == '?')) {
            throw new Unsupported("comment that may be an XML declaration");
        }
        return null;
    }

    @Override
    public void processingInstruction() {
        if (mode == Mode.INITIAL || mode == Mode.BEFORE_HTML) documentChildren++;
        comment(-1, -1);
    }

    @Override
    public void doctype(int start, int end) {
        if (mode != Mode.INITIAL) return;
        documentChildren++;
        quirks = Doctype.quirks(c, start, end);
        mode = Mode.BEFORE_HTML;
    }

    @Override
    public boolean cdataAllowed() {
        Node current = open.current();
        return current != null && current.ns != HtmlTags.HTML;
    }

    @Override
    public void eof() {
        if (mode == Mode.TEXT) { // an unclosed title or textarea
            pop();
            mode = original;
        }
        if (noscript != null && open.contains(noscript)) { // an unclosed noscript ends where the page does
            while (open.current() != noscript) pop();
            pop();
            noscript = null;
            form = noscriptSavedForm;
        }
        // the elements jsoup implies at the end of a page that has no body
        while (true) {
            switch (mode) {
                case INITIAL -> mode = Mode.BEFORE_HTML;
                case BEFORE_HTML -> impliedHtml();
                case BEFORE_HEAD -> processStart("head");
                case IN_HEAD -> processEnd("head");
                case AFTER_HEAD -> impliedBody();
                default -> {
                    while (open.size() > 0) pop();
                    return;
                }
            }
        }
    }

    /**
     * Processes a token with the "in body" rules, elements and text going to the table's foster parent (jsoup's
     * {@code processWithFosterInserts}): the flag is as it was afterwards, so a nested call keeps the outer one's.
     */
    void withFosterInserts(Runnable inBody) {
        boolean outer = fosterInserts;
        fosterInserts = true;
        inBody.run();
        fosterInserts = outer;
    }

    void processStart(TagToken tag) {
        if (noscript != null && mode != Mode.TEXT) {
            noscriptStart(tag);
        } else if (foreignCurrent()) {
            foreign.start(tag);
        } else {
            startIn(mode, tag);
        }
    }

    void processEnd(String name) {
        if (noscript != null && mode != Mode.TEXT) {
            noscriptEnd(name);
        } else if (foreignCurrent()) {
            foreign.end(name);
        } else {
            endIn(mode, name);
        }
    }

    void processStart(String name) {
        processStart(TagToken.implied(c, name));
    }

    /** Whether the token goes to the foreign content rules (the current node is SVG or MathML). */
    private boolean foreignCurrent() {
        Node current = open.current();
        if (current == null || current.ns == HtmlTags.HTML) return false;
        if (current.has(HtmlTags.SCOPE)) throw new Unsupported("HTML inside SVG or MathML integration point");
        return true;
    }

    void startIn(Mode m, TagToken tag) {
        switch (m) {
            case INITIAL -> {
                mode = Mode.BEFORE_HTML;
                processStart(tag);
            }
            case BEFORE_HTML -> {
                if (tag.name.equals("html")) {
                    insert(tag, HtmlTags.HTML);
                    mode = Mode.BEFORE_HEAD;
                } else {
                    impliedHtml();
                    processStart(tag);
                }
            }
            case BEFORE_HEAD -> {
                if (tag.name.equals("html")) {
                    body.start(tag);
                } else if (tag.name.equals("head")) {
                    head = insert(tag, HtmlTags.HTML);
                    mode = Mode.IN_HEAD;
                } else {
                    processStart("head");
                    processStart(tag);
                }
            }
            case IN_HEAD -> headRules.start(tag);
            case AFTER_HEAD -> headRules.afterHeadStart(tag);
            case IN_BODY -> body.start(tag);
            case TEXT -> { }
            case AFTER_BODY, AFTER_AFTER_BODY -> {
                if (tag.name.equals("html")) {
                    body.start(tag);
                } else {
                    resetBody();
                    processStart(tag);
                }
            }
            default -> table.start(m, tag);
        }
    }

    void endIn(Mode m, String name) {
        switch (m) {
            case INITIAL -> {
                mode = Mode.BEFORE_HTML;
                processEnd(name);
            }
            case BEFORE_HTML -> {
                if (name.equals("head") || name.equals("body") || name.equals("html") || name.equals("br")) {
                    impliedHtml();
                    processEnd(name);
                }
            }
            case BEFORE_HEAD -> {
                if (name.equals("head") || name.equals("body") || name.equals("html") || name.equals("br")) {
                    processStart("head");
                    processEnd(name);
                }
            }
            case IN_HEAD -> headRules.end(name);
            case AFTER_HEAD -> {
                if (name.equals("body") || name.equals("html") || name.equals("br")) {
                    impliedBody();
                    processEnd(name);
                } else if (name.equals("template")) {
                    throw new Unsupported("template");
                }
            }
            case IN_BODY -> body.end(name);
            case TEXT -> {
                pop();
                mode = original;
            }
            case AFTER_BODY -> {
                if (name.equals("html")) {
                    mode = Mode.AFTER_AFTER_BODY;
                } else {
                    resetBody();
                    processEnd(name);
                }
            }
            case AFTER_AFTER_BODY -> {
                resetBody();
                processEnd(name);
            }
            default -> table.end(m, name);
        }
    }

    void textIn(Mode m, Chars chars) {
        switch (m) {
            case INITIAL, BEFORE_HTML, BEFORE_HEAD, IN_HEAD, AFTER_HEAD -> {
                if (splitLeadingWhitespace(m, chars)) return;
                if (chars.isWhitespace()) {
                    if (m == Mode.BEFORE_HTML && open.size() == 0) {
                        documentChildren++;
                        if (recorder != null) chars.appendTo(recorder, 0); // jsoup puts it in the document
                    } else if (m != Mode.INITIAL) {
                        insertText(chars);
                    }
                    return;
                }
                switch (m) {
                    case INITIAL -> mode = Mode.BEFORE_HTML;
                    case BEFORE_HTML -> impliedHtml();
                    case BEFORE_HEAD -> processStart("head");
                    case IN_HEAD -> processEnd("head");
                    default -> impliedBody();
                }
                text(chars);
            }
            case IN_BODY, IN_CAPTION, IN_CELL -> body.text(chars);
            case TEXT -> insertText(chars);
            case AFTER_BODY, AFTER_AFTER_BODY -> {
                if (splitLeadingWhitespace(m, chars)) return;
                if (chars.isWhitespace()) { // goes to <html> or the document, outside any link
                    if (recorder != null) recorder.trailing(m == Mode.AFTER_BODY, chars.value());
                    return;
                }
                resetBody();
                text(chars);
            }
            default -> table.text(m, chars);
        }
    }

    /**
     * Whether the token starts with whitespace jsoup makes a token of its own ({@link Chars#leadingWhitespace}): if so,
     * that whitespace has gone where whitespace goes in this mode, and the rest where the rest goes.
     */
    private boolean splitLeadingWhitespace(Mode m, Chars chars) {
        int space = chars.leadingWhitespace();
        if (space == 0) return false;
        textIn(m, chars.first(space));
        text(chars.from(space));
        return true;
    }

    /** Re-dispatches a character token (after an implied element changed the mode). */
    void text(Chars chars) {
        if (noscript != null && mode != Mode.TEXT) {
            insertText(chars);
        } else if (foreignCurrent()) {
            insertText(chars);
        } else {
            textIn(mode, chars);
        }
    }

    private void impliedHtml() {
        insert(TagToken.implied(c, "html"), HtmlTags.HTML);
        mode = Mode.BEFORE_HEAD;
    }

    void impliedBody() {
        insert(TagToken.implied(c, "body"), HtmlTags.HTML);
        mode = Mode.IN_BODY;
    }

    private void resetBody() {
        if (open.find("body") == null) throw new Unsupported("content after </html> without a body");
        mode = Mode.IN_BODY;
    }

    /** Processes a start tag with the "in head" rules (jsoup's {@code tb.process(t, InHead)}). */
    void inHeadStart(TagToken tag) {
        headRules.start(tag);
    }

    /** An element whose content the tokenizer reads as text (jsoup's HandleTextState). */
    void textElement(TagToken tag, HtmlTokenizer.TextMode textMode) {
        tokenizer.switchTo(textMode, tag.name);
        original = mode;
        mode = Mode.TEXT;
        insert(tag, HtmlTags.HTML);
    }

    // noscript: jsoup parses its content as markup, in an "island" with simpler rules

    void startNoscript(TagToken tag) {
        noscript = insert(tag, HtmlTags.HTML);
        noscriptSavedForm = form;
        form = null;
    }

    private void noscriptStart(TagToken tag) {
        int flags = HtmlTags.flags(tag.name, HtmlTags.HTML);
        boolean textTag = (flags & (HtmlTags.RCDATA | HtmlTags.DATA)) != 0;
        Node el = insert(tag, HtmlTags.HTML); // pops a void element itself
        if (textTag) {
            if (tag.selfClosing) {
                if (open.current() == el) pop();
            } else {
                boolean rcdata = (flags & HtmlTags.RCDATA) != 0;
                tokenizer.switchTo(rcdata ? HtmlTokenizer.TextMode.RCDATA : HtmlTokenizer.TextMode.RAWTEXT, tag.name);
                original = mode;
                mode = Mode.TEXT;
            }
        }
    }

    private void noscriptEnd(String name) {
        if (name.equals("noscript")) {
            if (open.contains(noscript)) {
                while (open.current() != noscript) pop();
                pop();
            }
            noscript = null;
            form = noscriptSavedForm;
            return;
        }
        for (int i = open.size() - 1; i >= 0; i--) {
            Node el = open.get(i);
            if (el == noscript) return;
            if (el.name.equals(name)) {
                popToClose(name);
                return;
            }
        }
    }

    // Insertion and popping, with the events element texts, links and facts need

    Node insert(TagToken tag, int ns) {
        Node parent = open.current();
        if (fosterInserts && parent != null && parent.ns == HtmlTags.HTML && parent.has(HtmlTags.TABLE_FOSTER)) {
            throw new Unsupported("foster-parented element in a table");
        }
        int flags = ns == HtmlTags.HTML ? tag.htmlFlags() : HtmlTags.flags(tag.name, ns);
        Node el = new Node(tag.name, ns, flags, (flags & HtmlTags.FORMATTING) != 0 && ns == HtmlTags.HTML ? tag.copy() : null);
        if (parent != null && el.has(HtmlTags.BLOCK)) parent.blockChild = true;
        for (int i = 0, n = texts.size(); i < n; i++) texts.get(i).text.elementStart(el, parent);
        if (recorder != null) el.index = recorder.element(parent == null ? 0 : parent.index, tag.name, tag);
        sink.element(tag.name, ns, tag, el);
        open.push(el);
        if (el.text != null) texts.add(el);
        if (ns == HtmlTags.HTML && (el.flags & HtmlTags.VOID) != 0) {
            pop(); // jsoup pops void elements right away
        }
        return el;
    }

    /** Inserts and pops (jsoup's insertEmptyElementFor); void elements are popped by insert already. */
    void insertEmpty(TagToken tag) {
        Node el = insert(tag, HtmlTags.HTML);
        if (open.current() == el) pop();
    }

    Node pop() {
        Node el = open.pop();
        Node parent = open.current();
        if (parent != null && el.hasText) parent.hasText = true;
        if (el.text != null) {
            el.text.finish();
            texts.remove(el);
        }
        for (int i = 0, n = texts.size(); i < n; i++) texts.get(i).text.elementEnd(el, parent);
        if (el.endWatched) sink.elementEnd(el.name, el.ns);
        return el;
    }

    void insertText(Chars chars) {
        Node target = open.current();
        if (target == null) return;
        if (fosterInserts && target.has(HtmlTags.TABLE_FOSTER) && target.ns == HtmlTags.HTML) {
            throw new Unsupported("foster-parented text in a table");
        }
        if (target.has(HtmlTags.DATA)) {
            if (target.is("style")) sink.styleText(chars.value());
            else if (target.is("script")) sink.scriptText(chars);
        } else if (recorder != null) {
            chars.appendTo(recorder, target.index);
        }
        if (texts.isEmpty()) return;
        String s = chars.value();
        if (s.isEmpty()) return;
        int n = texts.size();
        if (target.has(HtmlTags.DATA)) {
            for (int i = 0; i < n; i++) texts.get(i).text.otherNode(target);
            return;
        }
        boolean preserve = preservesWhitespace();
        for (int i = 0; i < n; i++) texts.get(i).text.text(target, s, preserve);
        if (!Chars.isBlank(s)) target.hasText = true;
    }

    /** jsoup's Element.preserveWhitespace: the text's parent or one of its five nearest ancestors preserves. */
    private boolean preservesWhitespace() {
        for (int i = open.size() - 1, k = 0; i >= 0 && k < 6; i--, k++) {
            if (open.get(i).has(HtmlTags.PRESERVE)) return true;
        }
        return false;
    }

    /** Pops until an HTML element with this name has been popped (or the stack is empty). */
    void popToClose(String name) {
        while (open.size() > 0) {
            if (pop().is(name)) return;
        }
    }

    void generateImpliedEndTags(String except) {
        while (open.size() > 0 && open.current().ns == HtmlTags.HTML && open.current().has(HtmlTags.IMPLIED_END)
                && (except == null || !open.currentIs(except))) {
            pop();
        }
    }

    void generateImpliedEndTagsThoroughly() {
        while (open.size() > 0 && open.current().ns == HtmlTags.HTML && open.current().has(HtmlTags.THOROUGH_END)) {
            pop();
        }
    }

    /** jsoup's reconstructFormattingElements: reopens formatting elements closed too early (cloning an a). */
    void reconstructFormatting() {
        List<Node> list = open.formatting;
        int size = list.size();
        if (size == 0) return;
        Node last = list.get(size - 1);
        if (last == OpenElements.MARKER || open.contains(last)) return;
        int ceil = Math.max(0, size - 12);
        int pos = size - 1;
        while (pos > ceil) {
            Node entry = list.get(pos - 1);
            if (entry == OpenElements.MARKER || open.contains(entry)) break;
            pos--;
        }
        for (int i = pos; i < size; i++) {
            Node entry = list.get(i);
            list.set(i, insert(entry.tag, HtmlTags.HTML));
        }
    }
}
