package dev.loomcrawl.output.lines;

import dev.loomcrawl.output.OutputException;
import dev.loomcrawl.output.WriterThread;
import dev.loomcrawl.testkit.SmallDisk;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** A line output on a real file system that fills up (a tmpfs this test mounts; skipped where it cannot). */
class LineOutputTest {
    private static final int LINE = 100;

    private static byte[] line(int i) {
        String text = String.format("%09d", i) + "x".repeat(LINE - 10) + "\n";
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    @Test
    void aFullDiskLeavesTheFileEndingWithAWholeLineAndStopsTakingLines() throws IOException {
        try (SmallDisk disk = SmallDisk.tryMount("40k")) { // less than one 64 KiB write: it fails part way
            assumeTrue(disk != null, "cannot mount a tmpfs here (not root?)");
            Path file = disk.dir().resolve("lines.jsonl");
            WriterThread<byte[]> writer = LineOutput.file(file, null);
            OutputException failure = null;
            for (int i = 0; i < 10_000 && failure == null; i++) {
                try {
                    writer.write(line(i));
                } catch (OutputException e) {
                    failure = e;
                }
            }
            OutputException onClose = assertThrows(OutputException.class, writer::close);
            if (failure != null) assertEquals(failure.getMessage(), onClose.getMessage());
            assertEquals("cannot write " + file + ": No space left on device", onClose.getMessage());
            byte[] written = Files.readAllBytes(file);
            assertEquals(0, written.length % LINE, "a whole number of lines: " + written.length + " bytes");
            for (int i = 0; i < written.length / LINE; i++) {
                assertEquals(new String(line(i), StandardCharsets.US_ASCII),
                        new String(written, i * LINE, LINE, StandardCharsets.US_ASCII), "line " + i);
            }
            assertTrue(written.length < 40 * 1024, "the disk filled: " + written.length);
        }
    }
}
