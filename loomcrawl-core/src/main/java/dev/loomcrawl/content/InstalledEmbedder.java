package dev.loomcrawl.content;

import java.util.Optional;
import java.util.ServiceLoader;

/** The process's one embedding model ({@link TextEmbedder#installed()}), loaded once, when this class initialises. */
final class InstalledEmbedder {
    static final Optional<TextEmbedder> MODEL =
            ServiceLoader.load(TextEmbedder.class, TextEmbedder.class.getClassLoader()).findFirst();

    private InstalledEmbedder() {}
}
