package dev.loomcrawl.files;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.Locale;

/**
 * The files a user names for loomcrawl to read whole as its own (a check's cache, cookies, a netrc file, a list of
 * proxies, a form field's value), each kind with the most it may hold. Such a file must be a regular file: a named
 * pipe would block the read until something writes to it (for ever, if nothing does), a device may never end. And it
 * is refused above its kind's size rather than read into memory whole. The state file is SQLite's to read, not ours:
 * its own checks refuse what is not a regular file, and it is not bounded (it grows with the crawl).
 */
public enum InputFile {
    /** {@code check --cache}: a line per link to another site that answered fine (about 100 bytes each). */
    CHECK_CACHE("cache", 64L << 20),
    /** {@code --cookies}: a Netscape cookie file (a browser's whole jar is well under a megabyte). */
    COOKIES("cookies file", 16L << 20),
    /** {@code --netrc}: a machine, a login and a password per entry. */
    NETRC("netrc file", 1L << 20),
    /** {@code --proxy-file}: a proxy URL per line. */
    PROXY_LIST("proxy file", 4L << 20),
    /** {@code --form-file NAME=FILE}: one login form field's value. */
    FORM_FIELD("form field's file", 1L << 20),
    /** {@code crawl --config}: a crawl's settings as JSON (a few kilobytes). */
    CONFIG("settings file", 1L << 20);

    private final String what;
    private final long maxBytes;

    InputFile(String what, long maxBytes) {
        this.what = what;
        this.maxBytes = maxBytes;
    }

    /** The most a file of this kind may hold, in bytes. */
    public long maxBytes() {
        return maxBytes;
    }

    /**
     * The file's text (UTF-8). Throws {@link NoSuchFileException} when there is none, and an
     * {@link IOException} whose message says why in a few words (without the file's name, which the caller's
     * message gives) when it is not a regular file, is larger than this kind may be, or is not UTF-8.
     */
    public String read(Path file) throws IOException {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(file, BasicFileAttributes.class); // links followed
        } catch (NoSuchFileException e) { // said without the name, which the caller's message gives
            throw new NoSuchFileException(null, null, "no such file");
        }
        if (!attributes.isRegularFile()) {
            throw new IOException((attributes.isDirectory() ? "a directory" : "a named pipe, device or socket")
                    + ", not a regular file");
        }
        if (attributes.size() > maxBytes) throw tooLarge(attributes.size());
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file)) {
            bytes = in.readNBytes((int) maxBytes + 1); // it may have grown since
        }
        if (bytes.length > maxBytes) throw tooLarge(bytes.length);
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new IOException("not UTF-8 text", e);
        }
    }

    /** The file's lines, as {@link #read} reads it. */
    public List<String> lines(Path file) throws IOException {
        return read(file).lines().toList();
    }

    private IOException tooLarge(long size) {
        return new IOException(String.format(Locale.ROOT, "%,d bytes, more than a %s may hold (%d MiB)", size, what,
                maxBytes >> 20));
    }
}
