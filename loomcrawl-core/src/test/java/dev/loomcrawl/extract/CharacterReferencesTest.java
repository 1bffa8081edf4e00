package dev.loomcrawl.extract;

import org.jsoup.parser.Parser;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The fast decoder gives what jsoup's {@link Parser#unescapeEntities} gives, in text and in attribute values, but for a
 * reference to a surrogate: U+FFFD, as HTML says, where jsoup keeps the surrogate.
 */
class CharacterReferencesTest {
    private static final String[] PIECES = {"a", " ", "<", ";", "&", "&lt;", "&gt;", "&amp;", "&quot;", "&apos;",
        "&nbsp;", "&lt", "&amp", "&ampx;", "&LT;", "&#60;", "&#x3C;", "&#X3c;", "&#0;", "&#128;", "&#150;", "&#xD800;",
        "&#x1F600;", "&#x110000;", "&#9;", "&#10;", "&#13;", "&#xFFFE;", "&#65535;", "&#;", "&#x;", "&copy;", "&copy",
        "&notin;", "&not", "=", "é", "&#1234567;", "&#00065;", "&eacute;", "x&y;z", "&mdash;", "&frac12;", "&sup2;",
        "&NotEqualTilde;", "&bne;", "&Copy;", "&copy1;", "&c0py;", "&amp1;", "&AMP;", "&lt2;", "&ThisIsNotAnEntity;",
        "&emsp13;", "&1;", "&a-b;", "-", "_", "&#xD83D;", "&#xDE00;", "&#55296;", "&#x0000D800;",
        // digits of other scripts are no digits to jsoup's tokenizer (ASCII digits only)
        "&#6\u0665;", "&#\u0665\u0665;", "&#x4\uFF11;", "&#x\uFF21;", "&#\uFF15\uFF15\uFF12\uFF19\uFF16;"};
    /** The pieces that are references to a surrogate, each U+FFFD. */
    private static final String[] SURROGATES = {"&#xD800;", "&#xD83D;", "&#xDE00;", "&#55296;", "&#x0000D800;"};

    @Test
    void decodesAsJsoupDoes() {
        Random random = new Random(20261125);
        int fast = 0;
        for (int i = 0; i < 200_000; i++) {
            StringBuilder s = new StringBuilder();
            for (int k = random.nextInt(6); k >= 0; k--) s.append(PIECES[random.nextInt(PIECES.length)]);
            char[] c = s.toString().toCharArray();
            for (boolean attribute : new boolean[]{false, true}) {
                String html = s.toString();
                for (String r : SURROGATES) html = html.replace(r, "\uFFFD");
                assertEquals(Parser.unescapeEntities(html, attribute),
                        CharacterReferences.decode(c, 0, c.length, attribute), s + " in attribute: " + attribute);
            }
            if (CharacterReferences.decodeInto(c, 0, c.length, new char[c.length], 0) >= 0) fast++;
        }
        assertTrue(fast > 20_000, "many are decoded without jsoup: " + fast);
    }

    @Test
    void aReferenceToASurrogateIsTheReplacementCharacterHoweverItIsWritten() {
        for (String s : new String[]{"&#xD800;", "&#55296;", "&#xD800", "&#x0000D800;", "&#xdfff;", "&#xD800 &copy"}) {
            char[] c = s.toCharArray();
            String decoded = CharacterReferences.decode(c, 0, c.length, false);
            assertEquals('\uFFFD', decoded.charAt(0), s);
            assertTrue(decoded.chars().noneMatch(ch -> Character.isSurrogate((char) ch)), s);
        }
        char[] pair = "&#xD83D;&#xDE00; and &#xD83D&#xDE00 &copy".toCharArray(); // two references make no pair
        assertEquals("\uFFFD\uFFFD and \uFFFD\uFFFD \u00A9", CharacterReferences.decode(pair, 0, pair.length, false));
    }
}
