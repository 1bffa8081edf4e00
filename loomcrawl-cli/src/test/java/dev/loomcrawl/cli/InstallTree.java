package dev.loomcrawl.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * A checkout holding the real {@code scripts/install-cli} (and {@code scripts/uninstall-cli}) beside a stand-in
 * {@code scripts/dist}: the real one builds a Java runtime for a minute; the stand-in lays out a distribution of the
 * same shape (launcher, man pages, completion) and prints its archive's path as the real one does.
 */
final class InstallTree {
    private InstallTree() {}

    static Path standInCheckout(Path root, Path checkout) throws IOException {
        Path scripts = Files.createDirectories(checkout.resolve("scripts"));
        for (String name : new String[] {"install-cli", "uninstall-cli"}) {
            Path real = root.resolve("scripts").resolve(name);
            if (Files.exists(real)) executable(scripts.resolve(name), Files.readString(real));
        }
        // the real launcher of an installed copy (it says uninstall before it needs a runtime)
        Files.createDirectories(checkout.resolve("launcher"));
        Files.copy(root.resolve("loomcrawl-cli/src/dist/loomcrawl"), checkout.resolve("launcher/loomcrawl"));
        executable(scripts.resolve("dist"), """
                #!/usr/bin/env bash
                set -euo pipefail
                out="$(cd "$(dirname "$0")/.." && pwd)/target/dist"
                stage="$out/loomcrawl-0.0.1"
                rm -rf "$stage"
                mkdir -p "$stage/bin" "$stage/lib" "$stage/share/man/man1" "$stage/share/bash-completion/completions"
                cp "$(dirname "$0")/../launcher/loomcrawl" "$stage/bin/loomcrawl" && chmod +x "$stage/bin/loomcrawl"
                echo jar > "$stage/lib/loomcrawl.jar"
                for page in loomcrawl loomcrawl-crawl loomcrawl-check; do echo ".TH $page 1" > "$stage/share/man/man1/$page.1"; done
                echo 'complete -F _loomcrawl loomcrawl' > "$stage/share/bash-completion/completions/loomcrawl"
                echo "$out/loomcrawl-0.0.1-linux-x86_64.tar.gz"
                """);
        return checkout;
    }

    private static void executable(Path file, String text) throws IOException {
        Files.writeString(file, text);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
}
