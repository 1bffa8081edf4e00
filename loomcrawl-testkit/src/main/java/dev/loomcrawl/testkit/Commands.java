package dev.loomcrawl.testkit;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** What the test kit's real servers (Redis, proxies) share: finding Debian's programs, and a short pause. */
final class Commands {
    private Commands() {}

    /** The program's path in Debian's usual places (daemons in /usr/sbin), or its bare name for the PATH. */
    static String find(String name) {
        for (String dir : List.of("/usr/sbin/", "/usr/bin/", "/usr/local/bin/")) {
            if (Files.isExecutable(Path.of(dir + name))) return dir + name;
        }
        return name;
    }

    /** Sleeps; an interrupt ends the test's wait with {@link IllegalStateException}, the interrupt kept. */
    static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
