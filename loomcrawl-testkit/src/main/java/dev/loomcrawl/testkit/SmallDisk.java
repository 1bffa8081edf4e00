package dev.loomcrawl.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A real, size-limited file system for tests of full and read-only disks: a tmpfs mounted on a new temporary
 * directory (which needs root, or CAP_SYS_ADMIN). It can be resized and made read-only while mounted; close
 * unmounts it. {@link #tryMount} returns null where mounting is not allowed, so tests can skip.
 */
public final class SmallDisk implements AutoCloseable {
    private final Path dir;

    private SmallDisk(Path dir) {
        this.dir = dir;
    }

    /** Mounts a tmpfs of {@code size} (mount's syntax: "256k", "8m"); null if this process may not mount. */
    public static SmallDisk tryMount(String size) {
        try {
            Path dir = Files.createTempDirectory("loomcrawl-small-disk");
            if (run("mount", "-t", "tmpfs", "-o", "size=" + size + ",mode=0755", "tmpfs", dir.toString()) != 0) {
                Files.delete(dir);
                return null;
            }
            return new SmallDisk(dir);
        } catch (IOException e) {
            return null;
        }
    }

    public Path dir() {
        return dir;
    }

    /** Changes the size; existing files stay. */
    public void resize(String size) {
        remount("size=" + size);
    }

    /** Makes the whole file system read-only, or writable again. */
    public void readOnly(boolean on) {
        remount(on ? "ro" : "rw");
    }

    private void remount(String options) {
        if (run("mount", "-o", "remount," + options, dir.toString()) != 0) {
            throw new IllegalStateException("could not remount " + dir + " with " + options);
        }
    }

    @Override
    public void close() {
        run("umount", "-l", dir.toString());
        try {
            Files.deleteIfExists(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static int run(String... command) {
        try {
            Process p = new ProcessBuilder(new ArrayList<>(List.of(command))).redirectErrorStream(true).start();
            String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            int code = p.waitFor();
            if (code != 0 && !output.isBlank()) System.err.println("SmallDisk: " + String.join(" ", command) + ": " + output.strip());
            return code;
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }
}
