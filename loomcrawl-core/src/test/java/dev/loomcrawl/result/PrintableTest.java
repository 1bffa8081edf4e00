package dev.loomcrawl.result;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** What a data file's field keeps of a site's text, and what a report's line escapes. */
class PrintableTest {

    @Test
    void aDataFieldEscapesOnlyTheControlsATerminalActsOn() {
        assertEquals("\\x1B[2Jclear", Printable.lines("\u001B[2Jclear"));
        assertEquals("a\\x0Db \\x7F \\x9B2j \\x85", Printable.lines("a\rb \u007F \u009B2j \u0085"));
        assertEquals("two\nlines\tand a tab", Printable.lines("two\nlines\tand a tab"));
        // data, kept as written: a zero-width joiner in an emoji, a right-to-left mark, a soft hyphen, U+2028
        for (String kept : new String[] {"👩\u200D💻", "\u200Fשלום", "soft\u00ADhyphen", "a\u2028b", "é€"}) {
            assertEquals(kept, Printable.lines(kept));
        }
    }

    @Test
    void aReportLineEscapesFormatCharactersToo() {
        assertEquals("\\u202Eevil", Printable.line("\u202Eevil"));
        assertEquals("two\\x0Alines", Printable.line("two\nlines"));
    }
}
