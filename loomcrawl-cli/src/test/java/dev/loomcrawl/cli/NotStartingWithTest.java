package dev.loomcrawl.cli;

import dev.loomcrawl.scope.UrlPattern;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The offline check's pattern for "not on the folder's origin", in RE2's syntax (no look-ahead). */
class NotStartingWithTest {
    @Test
    void foundInExactlyTheUrlsOfOtherOrigins() {
        UrlPattern other = UrlPattern.compile(CheckCommand.notStartingWith("http://127.0.0.1:8080/"));
        assertFalse(other.foundIn("http://127.0.0.1:8080/"));
        assertFalse(other.foundIn("http://127.0.0.1:8080/a/b.html?x=[1]"));
        assertTrue(other.foundIn("http://127.0.0.1:8081/"));
        assertTrue(other.foundIn("http://127.0.0.1:808/"));
        assertTrue(other.foundIn("http://127.0.0.1:80800/"));
        assertTrue(other.foundIn("https://127.0.0.1:8080/"));
        assertTrue(other.foundIn("http://127.0.0.1:8080"));
        assertTrue(other.foundIn("http://127a0.0.1:8080/"), "a dot is a dot, not any character");
        assertTrue(other.foundIn(""));
    }
}
