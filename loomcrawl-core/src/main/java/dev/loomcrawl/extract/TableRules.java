package dev.loomcrawl.extract;

import dev.loomcrawl.extract.TreeShadow.Mode;

import java.util.Set;

/**
 * The table insertion modes of jsoup 1.24's tree builder (in table, caption, column group, table body, row,
 * cell): implied {@code tbody} and {@code tr}, cells as formatting boundaries, and which tags close what.
 * Content that jsoup would foster-parent out of the table (text or elements directly inside a table, not in
 * a cell) throws {@link Unsupported} from {@link TreeShadow#insert}, since it changes document order.
 */
final class TableRules {
    private static final Set<String> CELL_COL = Set.of("caption", "col", "colgroup", "tbody", "td", "tfoot", "th",
            "thead", "tr");
    private static final Set<String> TABLE_END_ERR = Set.of("body", "caption", "col", "colgroup", "html", "tbody", "td",
            "tfoot", "th", "thead", "tr");

    private static final Set<String> ROW_EXITS = Set.of("caption", "col", "colgroup", "tbody", "tfoot", "thead", "tr");
    private static final Set<String> CAPTION_IGNORED = Set.of("body", "col", "colgroup", "html", "tbody", "td", "tfoot",
            "th", "thead", "tr");
    private static final Set<String> BODY_IGNORED = Set.of("body", "caption", "col", "colgroup", "html", "td", "th", "tr");
    private static final Set<String> CELL_IGNORED = Set.of("body", "caption", "col", "colgroup", "html");
    private static final Set<String> CELL_CLOSERS = Set.of("table", "tbody", "tfoot", "thead", "tr");

    private final TreeShadow tb;

    TableRules(TreeShadow tb) {
        this.tb = tb;
    }

    void text(Mode m, Chars chars) {
        switch (m) {
            case IN_COLUMN_GROUP -> {
                if (chars.isWhitespace()) {
                    tb.insertText(chars);
                } else if (tb.open.currentIs("colgroup")) {
                    tb.pop();
                    tb.mode = Mode.IN_TABLE;
                    tb.text(chars);
                }
            }
            default -> { // in table, table body, row
                OpenElements.Node current = tb.open.current();
                if (current != null && current.ns == HtmlTags.HTML && current.has(HtmlTags.TABLE_FOSTER)
                        && chars.isWhitespace()) {
                    tb.insertText(chars);
                } else {
                    tb.withFosterInserts(() -> tb.body.text(chars));
                }
            }
        }
    }

    void start(Mode m, TagToken tag) {
        switch (m) {
            case IN_TABLE -> inTableStart(tag);
            case IN_CAPTION -> {
                if (CELL_COL.contains(tag.name)) {
                    if (closeCaption()) inTableStart(tag);
                } else {
                    tb.body.start(tag);
                }
            }
            case IN_COLUMN_GROUP -> {
                switch (tag.name) {
                    case "html" -> tb.body.start(tag);
                    case "col" -> tb.insertEmpty(tag);
                    case "template" -> throw new Unsupported("template");
                    default -> leaveColumnGroup(() -> tb.processStart(tag));
                }
            }
            case IN_TABLE_BODY -> {
                switch (tag.name) {
                    case "tr" -> {
                        clearTo("tbody", "tfoot", "thead");
                        tb.insert(tag, HtmlTags.HTML);
                        tb.mode = Mode.IN_ROW;
                    }
                    case "th", "td" -> {
                        tb.processStart("tr");
                        tb.processStart(tag);
                    }
                    case "caption", "col", "colgroup", "tbody", "tfoot", "thead" -> {
                        if (exitTableBody()) tb.processStart(tag);
                    }
                    default -> inTableStart(tag);
                }
            }
            case IN_ROW -> {
                if (tag.name.equals("th") || tag.name.equals("td")) {
                    clearTo("tr");
                    tb.insert(tag, HtmlTags.HTML);
                    tb.mode = Mode.IN_CELL;
                    tb.open.formatting.add(OpenElements.MARKER);
                } else if (ROW_EXITS.contains(tag.name)) {
                    if (!tb.open.inTableScope("tr")) return;
                    clearTo("tr");
                    tb.pop();
                    tb.mode = Mode.IN_TABLE_BODY;
                    tb.processStart(tag);
                } else {
                    inTableStart(tag);
                }
            }
            default -> { // in cell
                if (CELL_COL.contains(tag.name)) {
                    if (!tb.open.inTableScope("td") && !tb.open.inTableScope("th")) return;
                    closeCell();
                    tb.processStart(tag);
                } else {
                    tb.body.start(tag);
                }
            }
        }
    }

    private void inTableStart(TagToken tag) {
        switch (tag.name) {
            case "caption" -> {
                clearTo("table");
                tb.open.formatting.add(OpenElements.MARKER);
                tb.insert(tag, HtmlTags.HTML);
                tb.mode = Mode.IN_CAPTION;
            }
            case "colgroup" -> {
                clearTo("table");
                tb.insert(tag, HtmlTags.HTML);
                tb.mode = Mode.IN_COLUMN_GROUP;
            }
            case "col" -> {
                clearTo("table");
                tb.processStart("colgroup");
                tb.processStart(tag);
            }
            case "tbody", "tfoot", "thead" -> {
                clearTo("table");
                tb.insert(tag, HtmlTags.HTML);
                tb.mode = Mode.IN_TABLE_BODY;
            }
            case "td", "th", "tr" -> {
                clearTo("table");
                tb.processStart("tbody");
                tb.processStart(tag);
            }
            case "table" -> {
                if (!tb.open.inTableScope("table")) return;
                tb.popToClose("table");
                if (resetInsertionMode()) tb.processStart(tag);
                else tb.insert(tag, HtmlTags.HTML);
            }
            case "script", "style" -> tb.inHeadStart(tag);
            case "template" -> throw new Unsupported("template");
            case "noscript" -> tb.startNoscript(tag);
            default -> {
                if (tag.name.equals("input") && tag.hasAttributes() && "hidden".equalsIgnoreCase(tag.get("type"))) {
                    tb.insertEmpty(tag);
                } else if (tag.name.equals("form")) {
                    throw new Unsupported("form in a table");
                } else {
                    tb.withFosterInserts(() -> tb.body.start(tag));
                }
            }
        }
    }

    void end(Mode m, String name) {
        switch (m) {
            case IN_CAPTION -> {
                if (name.equals("caption")) {
                    closeCaption();
                } else if (name.equals("table")) {
                    if (closeCaption()) inTableEnd(name);
                } else if (!CAPTION_IGNORED.contains(name)) {
                    tb.body.end(name);
                }
            }
            case IN_COLUMN_GROUP -> {
                switch (name) {
                    case "colgroup" -> {
                        if (tb.open.currentIs(name)) {
                            tb.pop();
                            tb.mode = Mode.IN_TABLE;
                        }
                    }
                    case "col" -> { }
                    case "template" -> throw new Unsupported("template");
                    default -> leaveColumnGroup(() -> tb.processEnd(name));
                }
            }
            case IN_TABLE_BODY -> {
                if (name.equals("tbody") || name.equals("tfoot") || name.equals("thead")) {
                    if (!tb.open.inTableScope(name)) return;
                    clearTo("tbody", "tfoot", "thead");
                    tb.pop();
                    tb.mode = Mode.IN_TABLE;
                } else if (name.equals("table")) {
                    if (exitTableBody()) tb.processEnd(name);
                } else if (!BODY_IGNORED.contains(name)) {
                    inTableEnd(name);
                }
            }
            case IN_ROW -> rowEnd(name);
            case IN_CELL -> cellEnd(name);
            default -> inTableEnd(name);
        }
    }

    private void inTableEnd(String name) {
        if (name.equals("table")) {
            if (!tb.open.inTableScope(name)) return;
            tb.popToClose("table");
            resetInsertionMode();
        } else if (name.equals("template")) {
            throw new Unsupported("template");
        } else if (!TABLE_END_ERR.contains(name)) {
            tb.withFosterInserts(() -> tb.body.end(name));
        }
    }

    private void rowEnd(String name) {
        OpenElements open = tb.open;
        switch (name) {
            case "tr" -> {
                if (!open.inTableScope(name)) return;
                clearTo("tr");
                tb.pop();
                tb.mode = Mode.IN_TABLE_BODY;
            }
            case "table" -> {
                if (!open.inTableScope("tr")) return;
                clearTo("tr");
                tb.pop();
                tb.mode = Mode.IN_TABLE_BODY;
                tb.processEnd(name);
            }
            case "tbody", "tfoot", "thead" -> {
                if (!open.inTableScope(name) || !open.inTableScope("tr")) return;
                clearTo("tr");
                tb.pop();
                tb.mode = Mode.IN_TABLE_BODY;
                tb.processEnd(name);
            }
            case "body", "caption", "col", "colgroup", "html", "td", "th" -> { }
            default -> inTableEnd(name);
        }
    }

    private void cellEnd(String name) {
        OpenElements open = tb.open;
        if (name.equals("td") || name.equals("th")) {
            if (!open.inTableScope(name)) {
                tb.mode = Mode.IN_ROW;
                return;
            }
            tb.generateImpliedEndTags(null);
            tb.popToClose(name);
            open.clearFormattingToMarker();
            tb.mode = Mode.IN_ROW;
        } else if (CELL_IGNORED.contains(name)) {
            return;
        } else if (CELL_CLOSERS.contains(name)) {
            if (!open.inTableScope(name)) return;
            closeCell();
            tb.processEnd(name);
        } else {
            tb.body.end(name);
        }
    }

    private void closeCell() {
        tb.processEnd(tb.open.inTableScope("td") ? "td" : "th");
    }

    private boolean closeCaption() {
        if (!tb.open.inTableScope("caption")) return false;
        tb.generateImpliedEndTags(null);
        tb.popToClose("caption");
        tb.open.clearFormattingToMarker();
        tb.mode = Mode.IN_TABLE;
        return true;
    }

    private void leaveColumnGroup(Runnable reprocess) {
        if (!tb.open.currentIs("colgroup")) return;
        tb.pop();
        tb.mode = Mode.IN_TABLE;
        reprocess.run();
    }

    private boolean exitTableBody() {
        OpenElements open = tb.open;
        if (!open.inTableScope("tbody") && !open.inTableScope("thead") && !open.inTableScope("tfoot")) return false;
        clearTo("tbody", "tfoot", "thead");
        tb.processEnd(open.current().name);
        return true;
    }

    /** Pops to the nearest of these elements (or html): jsoup's clearStackToTable...Context. */
    private void clearTo(String... names) {
        OpenElements open = tb.open;
        while (open.size() > 0) {
            OpenElements.Node el = open.current();
            if (el.ns == HtmlTags.HTML && (el.name.equals("html") || isOneOf(el.name, names))) return;
            if (el.is("template")) throw new Unsupported("template");
            tb.pop();
        }
    }

    private static boolean isOneOf(String name, String[] names) {
        for (String n : names) {
            if (n.equals(name)) return true;
        }
        return false;
    }

    /** jsoup's resetInsertionMode; true when the mode changed. */
    private boolean resetInsertionMode() {
        Mode before = tb.mode;
        OpenElements open = tb.open;
        Mode next = Mode.IN_BODY;
        for (int i = open.size() - 1; i >= 0; i--) {
            OpenElements.Node el = open.get(i);
            String name = el.ns == HtmlTags.HTML ? el.name : "";
            Mode found = switch (name) {
                case "td", "th" -> i == 0 ? null : Mode.IN_CELL;
                case "tr" -> Mode.IN_ROW;
                case "tbody", "thead", "tfoot" -> Mode.IN_TABLE_BODY;
                case "caption" -> Mode.IN_CAPTION;
                case "colgroup" -> Mode.IN_COLUMN_GROUP;
                case "table" -> Mode.IN_TABLE;
                case "template", "frameset" -> throw new Unsupported("template or frameset");
                case "head" -> i == 0 ? null : Mode.IN_HEAD;
                case "body" -> Mode.IN_BODY;
                case "html" -> tb.head == null ? Mode.BEFORE_HEAD : Mode.AFTER_HEAD;
                default -> null;
            };
            if (found != null) {
                next = found;
                break;
            }
        }
        tb.mode = next;
        return next != before;
    }
}
