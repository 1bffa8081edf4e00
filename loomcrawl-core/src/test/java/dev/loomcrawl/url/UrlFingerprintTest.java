package dev.loomcrawl.url;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

class UrlFingerprintTest {

    @Test
    void fingerprintsAreMurmur3x64128H1OfTheUtf8Bytes() {
        // Values from Guava's Hashing.murmur3_128().hashString(s, UTF_8).asLong(), which state files must match.
        assertEquals(0L, UrlFingerprint.of(""));
        assertEquals(0x85555565f6597889L, UrlFingerprint.of("a"));
        assertEquals(0x7564a18957947d6dL, UrlFingerprint.of("http://127.0.0.1:8011/index.html"));
        assertEquals(0xe34bbc7bbc071b6cL, UrlFingerprint.of("The quick brown fox jumps over the lazy dog"));
        assertEquals(0x4be06d94cf4ad1a7L, UrlFingerprint.of("0123456789abcdef"));
        assertEquals(0x8e32612daa45f9deL, UrlFingerprint.of("0123456789abcdefg"));
    }

    @Test
    void twoHundredThousandGeneratedUrlsHaveAsManyFingerprintsAndTheSetCountsThemOnce() {
        FingerprintSet set = new FingerprintSet();
        Set<Long> check = new HashSet<>();
        for (int i = 0; i < 200_000; i++) {
            long fp = UrlFingerprint.of("http://example.com/p" + i);
            assertEquals(check.add(fp), set.add(fp));
        }
        assertEquals(200_000, set.size());
        assertEquals(false, set.add(UrlFingerprint.of("http://example.com/p7")));
    }
}
