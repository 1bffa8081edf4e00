package dev.loomcrawl;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Roots as people write them: URLs, host names, host:port, and the local paths and schemes that are refused. */
class RootUrlTest {
    @TempDir
    Path dir;

    private static String refusal(String root) {
        return assertThrows(IllegalArgumentException.class, () -> CrawlConfig.builder().root(root)).getMessage();
    }

    @Test
    void aRootWithoutSchemeGetsHttpHostAndPortIncluded() {
        assertEquals("http://example.com/docs", RootUrl.parse("example.com/docs").toString());
        assertEquals("http://localhost:8080/", RootUrl.parse("localhost:8080").toString());
        assertEquals("http://127.0.0.1:8080/a?b", RootUrl.parse(" 127.0.0.1:8080/a?b ").toString());
        assertEquals("https://example.com/", RootUrl.parse("HTTPS://example.com").toString());
    }

    @Test
    void otherSchemesAreRefusedByName() {
        assertEquals("mailto: URLs cannot be crawled: a root must be an http(s) URL, got 'mailto:a@b.c'",
                refusal("mailto:a@b.c"));
        assertTrue(refusal("javascript:void(0)").startsWith("javascript: URLs cannot be crawled"));
        assertTrue(refusal("ftp://example.com/pub/").startsWith("ftp: URLs cannot be crawled"));
        assertTrue(refusal("data:text/html,hi").startsWith("data: URLs cannot be crawled"));
    }

    @Test
    void aLocalDirectoryIsRefusedPointingToCheck() throws IOException {
        Path site = Files.createDirectory(dir.resolve("public"));
        assertEquals(site + " is a local directory: to check its links use 'loomcrawl check " + site + "'",
                refusal(site.toString()));
        assertEquals(site.toUri() + " is a local directory: to check its links use 'loomcrawl check " + site + "'",
                refusal(site.toUri().toString()));
        assertTrue(refusal(".").startsWith(". is a local directory: to check its links use 'loomcrawl check .'"));
    }

    @Test
    void aLocalFileOrAMissingPathIsRefusedAskingForAUrl() throws IOException {
        Path file = Files.writeString(dir.resolve("README.md"), "# hi");
        assertTrue(refusal(file.toString()).startsWith(file + " is a local file, not a URL: give an http(s) URL"),
                refusal(file.toString()));
        assertEquals("/etc/nothing-here looks like a local path, not a URL, and there is no such file or directory: "
                + "give an http(s) URL such as https://example.com/", refusal("/etc/nothing-here"));
        assertTrue(refusal("./README.md").contains("give an http(s) URL"), refusal("./README.md"));
        assertTrue(refusal("../x").contains("give an http(s) URL"));
        assertTrue(refusal("~/site").contains("give an http(s) URL"));
        assertTrue(refusal("file:///nothing/here").contains("give an http(s) URL"));
    }

    @Test
    void localPathsAreToldFromHostNames() {
        assertTrue(RootUrl.isLocalPath("/tmp/missing"));
        assertTrue(RootUrl.isLocalPath("./public"));
        assertTrue(RootUrl.isLocalPath("file:///tmp"));
        assertTrue(RootUrl.isLocalPath("pom.xml")); // exists in the module's directory, where tests run
        assertFalse(RootUrl.isLocalPath("example.com"));
        assertFalse(RootUrl.isLocalPath("localhost:8080/docs"));
        assertFalse(RootUrl.isLocalPath("https://example.com/"));
    }
}
