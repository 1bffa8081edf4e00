package dev.loomcrawl.result;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@link JsonText#decode} gives back what {@link JsonText#write} wrote, on each of its two ways: a text of Latin-1
 * characters only (made as Latin-1 bytes), and one with a wider character first, last or anywhere between (the rest
 * made as UTF-16 from there). The byte-for-byte agreement with jackson is {@code JsonLinesTest}'s.
 */
class JsonTextTest {
    private static final String LATIN1 = "ab \n\t\r\b\f\"\\/<>&\u0000\u0001\u001f\u007f\u0080\u00a0\u00e9\u00ff";
    private static final String WIDE = "\u0100\u20ac\u4e00\uD83D\uDE00\uffff";

    private static String roundTrip(String s) {
        byte[] bytes = new byte[s.length() * JsonText.MAX_BYTES];
        int n = 0;
        for (int i = 0; i < s.length(); i++) n = JsonText.write(bytes, n, s.charAt(i));
        return JsonText.decode(bytes, n);
    }

    @Test
    void everyLatin1CharacterComesBackAsItWas() {
        StringBuilder all = new StringBuilder();
        for (char c = 0; c <= 0xff; c++) all.append(c);
        assertEquals(all.toString(), roundTrip(all.toString()));
        assertEquals("", roundTrip(""));
    }

    @Test
    void aWiderCharacterFirstLastOrBetweenAndTheRestComeBackAsTheyWere() {
        for (char wide : WIDE.toCharArray()) {
            for (String s : new String[] {wide + LATIN1, LATIN1 + wide, LATIN1 + wide + LATIN1, String.valueOf(wide)}) {
                assertEquals(s, roundTrip(s));
            }
        }
    }

    @Test
    void randomTextsOfLatin1OrWiderCharactersComeBackAsTheyWere() {
        Random random = new Random(11);
        String alphabet = LATIN1 + WIDE;
        for (int round = 0; round < 2000; round++) {
            boolean latin1Only = random.nextBoolean();
            StringBuilder s = new StringBuilder();
            for (int i = random.nextInt(200); i > 0; i--) {
                s.append(latin1Only ? LATIN1.charAt(random.nextInt(LATIN1.length()))
                        : alphabet.charAt(random.nextInt(alphabet.length())));
            }
            String text = s.toString(); // lone surrogates too: each is written as an escape of its own
            assertEquals(text, roundTrip(text), "round " + round);
        }
    }
}
