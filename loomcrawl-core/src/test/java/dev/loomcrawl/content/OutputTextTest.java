package dev.loomcrawl.content;

import dev.loomcrawl.result.JsonText;
import dev.loomcrawl.internal.text.Utf16;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A conversion's output buffer, which holds its text encoded for JSON, gives back what a StringBuilder given the same
 * writes holds: runs as {@link MarkdownSyntax#collapsedRun} ends them, lines up to their newline, bytes given
 * encoded, trimmed ends, the last character.
 */
class OutputTextTest {
    private static final char[] ALPHABET =
            "ab  \n\t\r\f\u000b\u0000\"\\?\u00e9\u00a0\u20ac\uD83D\uDE00\uDC00".toCharArray();

    private static char[] random(Random random, int length) {
        char[] s = new char[length];
        for (int i = 0; i < length; i++) {
            s[i] = random.nextInt(5) == 0 ? (char) random.nextInt(0x10000) : ALPHABET[random.nextInt(ALPHABET.length)];
        }
        return s;
    }

    @Test
    void whatIsWrittenComesBackAsTheCharactersWritten() {
        Random random = new Random(11);
        for (int round = 0; round < 2_000; round++) {
            OutputText out = new OutputText(random.nextInt(8)); // small, so that every write may grow it
            StringBuilder model = new StringBuilder();
            for (int step = 0; step < 20; step++) {
                char[] s = random(random, random.nextInt(round % 10 == 0 ? 3_000 : 40));
                int from = s.length == 0 ? 0 : random.nextInt(s.length);
                switch (random.nextInt(6)) {
                    case 0 -> {
                        out.append(s, from, s.length);
                        model.append(s, from, s.length - from);
                    }
                    case 1 -> {
                        if (from == s.length || MarkdownSyntax.isHtmlSpace(s[from])) continue;
                        int end = out.appendCollapsedRun(s, from, s.length);
                        assertEquals(MarkdownSyntax.collapsedRun(s, from + 1, s.length), end);
                        model.append(s, from, end - from);
                    }
                    case 2 -> {
                        char c = ALPHABET[random.nextInt(ALPHABET.length)];
                        out.append(c);
                        model.append(c);
                    }
                    case 3 -> {
                        int nl = from;
                        while (nl < s.length && s[nl] != '\n') nl++;
                        assertEquals(nl, out.appendLine(s, from, s.length));
                        model.append(s, from, nl - from);
                    }
                    case 4 -> {
                        byte[] encoded = new byte[JsonText.MAX_BYTES * (s.length - from)];
                        int n = 0;
                        boolean surrogates = false;
                        for (int i = from; i < s.length; i++) {
                            n = JsonText.write(encoded, n, s[i]);
                            surrogates |= Character.isSurrogate(s[i]);
                        }
                        out.appendEncoded(encoded, 0, n, surrogates);
                        model.append(s, from, s.length - from);
                    }
                    default -> {
                        boolean spaces = random.nextBoolean();
                        out.setLength(out.trimmedEnd(0, spaces));
                        int n = model.length();
                        while (n > 0 && (model.charAt(n - 1) == '\t' || spaces && model.charAt(n - 1) == ' ')) n--;
                        model.setLength(n);
                    }
                }
                int n = model.length();
                assertEquals(n > 0 && (model.charAt(n - 1) == '\n' || model.charAt(n - 1) == '\t'),
                        out.endsWithNewlineOrTab());
                assertEquals(n == 0, out.isEmpty());
            }
            assertEquals(Utf16.wellFormed(model.toString()), out.written().toString(), "a lone surrogate U+FFFD");
        }
    }

    @Test
    void aTrimStopsAtTheStartItIsGiven() {
        OutputText out = new OutputText(4);
        out.append("a\t".toCharArray(), 0, 2);
        int start = out.length();
        out.append(" \t \t".toCharArray(), 0, 4);
        out.setLength(out.trimmedEnd(start, true));
        assertEquals(start, out.length());
        out.setLength(out.trimmedEnd(0, false));
        assertEquals("a", out.written().toString());
    }
}
