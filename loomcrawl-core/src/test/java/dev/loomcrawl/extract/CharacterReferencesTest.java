package dev.loomcrawl.extract;

import org.jsoup.parser.Parser;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The fast decoder gives what jsoup's {@link Parser#unescapeEntities} gives, in text and in attribute values. */
class CharacterReferencesTest {
    private static final String[] PIECES = {"a", " ", "<", ";", "&", "&lt;", "&gt;", "&amp;", "&quot;", "&apos;",
        "&nbsp;", "&lt", "&amp", "&ampx;", "&LT;", "&#60;", "&#x3C;", "&#X3c;", "&#0;", "&#128;", "&#150;", "&#xD800;",
        "&#x1F600;", "&#x110000;", "&#9;", "&#10;", "&#13;", "&#xFFFE;", "&#65535;", "&#;", "&#x;", "&copy;", "&copy",
        "&notin;", "&not", "=", "é", "&#1234567;", "&#00065;", "&eacute;", "x&y;z", "&mdash;", "&frac12;", "&sup2;",
        "&NotEqualTilde;", "&bne;", "&Copy;", "&copy1;", "&c0py;", "&amp1;", "&AMP;", "&lt2;", "&ThisIsNotAnEntity;",
        "&emsp13;", "&1;", "&a-b;", "-", "_"};

    @Test
    void decodesAsJsoupDoes() {
        Random random = new Random(20261125);
        int fast = 0;
        for (int i = 0; i < 200_000; i++) {
            StringBuilder s = new StringBuilder();
            for (int k = random.nextInt(6); k >= 0; k--) s.append(PIECES[random.nextInt(PIECES.length)]);
            char[] c = s.toString().toCharArray();
            for (boolean attribute : new boolean[]{false, true}) {
                assertEquals(Parser.unescapeEntities(s.toString(), attribute),
                        CharacterReferences.decode(c, 0, c.length, attribute), s + " in attribute: " + attribute);
            }
            if (CharacterReferences.decodeInto(c, 0, c.length, new char[c.length], 0) >= 0) fast++;
        }
        assertTrue(fast > 20_000, "many are decoded without jsoup: " + fast);
    }
}
