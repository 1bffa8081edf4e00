package dev.loomcrawl.cli;

import dev.loomcrawl.config.ConfigJson;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.ByteBuffer;

/** A {@code --config} file: a regular file of UTF-8 JSON, at most {@link ConfigJson#MAX_CHARS} bytes. */
final class ConfigFile {
    private ConfigFile() {}

    /** Its text; an IllegalArgumentException of one line when it is missing, not a file, too large or not UTF-8. */
    static String read(Path file) {
        try {
            if (!Files.isRegularFile(file)) {
                throw new IllegalArgumentException(Files.exists(file, LinkOption.NOFOLLOW_LINKS)
                        ? "not a regular file" : "no such file");
            }
            if (Files.size(file) > ConfigJson.MAX_CHARS) {
                throw new IllegalArgumentException("larger than " + ConfigJson.MAX_CHARS + " bytes: not a "
                        + "crawl's settings");
            }
            byte[] bytes = Files.readAllBytes(file);
            if (bytes.length > ConfigJson.MAX_CHARS) throw new IllegalArgumentException("grew while read");
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException("not UTF-8 text");
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read it: " + e.getMessage());
        }
    }
}
