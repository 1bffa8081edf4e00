package dev.loomcrawl.output.pages;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The front matter's strings against YAML 1.2's rules (spec 1.2.2, 5.1 and 5.7): for every UTF-16 character, the
 * scalar holds only printable characters, and reading its escapes back gives the character (a lone surrogate:
 * U+FFFD). ContentDirFaultsTest reads a crawl's front matter with a YAML parser.
 */
class FrontMatterTest {

    /** YAML 1.2's c-printable, less what this writer also escapes for YAML 1.1 (NEL, LS, PS) and the BOM. */
    private static boolean printable(int c) {
        boolean yaml = c == 0x9 || c == 0xA || c == 0xD || c >= 0x20 && c <= 0x7E || c == 0x85
                || c >= 0xA0 && c <= 0xD7FF || c >= 0xE000 && c <= 0xFFFD || c >= 0x10000 && c <= 0x10FFFF;
        return yaml && c != 0x85 && c != 0x2028 && c != 0x2029 && c != 0xFEFF;
    }

    @Test
    void everyCharacterIsPrintableOrEscapedAndReadsBackAsItself() {
        for (int c = 0; c <= 0xFFFF; c++) {
            String s = "a" + (char) c + "b";
            String q = FrontMatter.quoted(s);
            q.codePoints().forEach(p -> assertTrue(printable(p) && p != '\n' && p != '\t' && p != '\r',
                    () -> "U+" + Integer.toHexString(p) + " as it is in " + q));
            String back = unquoted(q);
            String expected = Character.isSurrogate((char) c) ? "a\uFFFDb" : s;
            assertEquals(expected, back, "U+" + Integer.toHexString(c));
        }
        String pair = "\uD83D\uDE00";
        assertEquals("\"" + pair + "\"", FrontMatter.quoted(pair), "a pair is one printable character");
        assertEquals("\"\uFFFD\uFFFD\"", FrontMatter.quoted("\uDE00\uD83D"), "the wrong way round: two lone ones");
    }

    /** Reads a double-quoted scalar's escapes back (the ones YAML 1.2 defines that the writer may use). */
    private static String unquoted(String q) {
        assertTrue(q.startsWith("\"") && q.endsWith("\"") && q.length() >= 2, q);
        StringBuilder out = new StringBuilder();
        for (int i = 1; i < q.length() - 1; i++) {
            char c = q.charAt(i);
            assertTrue(c != '"', "an unescaped quote in " + q);
            if (c != '\\') {
                out.append(c);
                continue;
            }
            char e = q.charAt(++i);
            switch (e) {
                case '"', '\\', '/' -> out.append(e);
                case 'n' -> out.append('\n');
                case 't' -> out.append('\t');
                case 'r' -> out.append('\r');
                case 'L' -> out.append('\u2028');
                case 'P' -> out.append('\u2029');
                case 'N' -> out.append('\u0085');
                case 'x' -> {
                    out.append((char) Integer.parseInt(q.substring(i + 1, i + 3), 16));
                    i += 2;
                }
                case 'u' -> {
                    out.append((char) Integer.parseInt(q.substring(i + 1, i + 5), 16));
                    i += 4;
                }
                default -> throw new AssertionError("not an escape of YAML's: \\" + e + " in " + q);
            }
        }
        return out.toString();
    }
}
