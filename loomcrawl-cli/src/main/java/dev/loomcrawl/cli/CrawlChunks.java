package dev.loomcrawl.cli;

import dev.loomcrawl.config.ConfigCodec;
import dev.loomcrawl.config.ConfigTarget;
import dev.loomcrawl.config.OutputSettings;
import dev.loomcrawl.state.StateException;
import dev.loomcrawl.store.sqlite.SqliteCrawlStore;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Where a crawl's chunks and their search index are, from what {@code loomcrawl search} is given: the chunks file
 * itself ({@code --chunks}, JSON Lines; its index is kept beside it, {@code FILE.index}), that index, the crawl's state
 * file (its saved settings name the chunks file), or a WACZ holding {@code chunks/chunks.jsonl} (its index beside it,
 * {@code FILE.wacz.index}).
 *
 * @param index  the index file, made if missing
 * @param chunks the chunks file to catch the index up with, or null when the index was given alone
 * @param temporary whether {@code chunks} was taken out of a WACZ, to be deleted once read
 */
record CrawlChunks(Path index, Path chunks, boolean temporary) {
    /** The path of the chunks inside a WACZ. */
    static final String WACZ_ENTRY = "chunks/chunks.jsonl";

    /** A file that holds or names no chunks, or cannot be read: the one-line reason. */
    static final class NoChunks extends Exception {
        NoChunks(String message) {
            super(message);
        }
    }

    static CrawlChunks of(Path crawl) throws NoChunks {
        if (!Files.isRegularFile(crawl)) throw new NoChunks(crawl + ": no such file");
        byte[] head = new byte[100];
        int n;
        try (InputStream in = Files.newInputStream(crawl)) {
            n = in.readNBytes(head, 0, head.length);
        } catch (IOException e) {
            throw new NoChunks(crawl + ": cannot read it: " + e.getMessage());
        }
        String start = new String(head, 0, Math.min(n, 16), StandardCharsets.ISO_8859_1);
        if (start.equals("SQLite format 3\0") && n >= 72) {
            int application = ByteBuffer.wrap(head, 68, 4).getInt();
            if (application == 0x4c434958) return new CrawlChunks(crawl, null, false); // "LCIX": a chunk index
            if (application == 0x4c6f6f6d) return ofState(crawl); // "Loom": a state file
            throw new NoChunks(crawl + ": an SQLite database, but neither a chunk index nor a crawl's state file");
        }
        if (start.startsWith("PK")) return ofWacz(crawl);
        for (int i = 0; i < n; i++) {
            if (Character.isWhitespace(head[i])) continue;
            if (head[i] == '{') return new CrawlChunks(besides(crawl), crawl, false);
            break;
        }
        if (n == 0) return new CrawlChunks(besides(crawl), crawl, false); // a crawl that chunked no page yet
        throw new NoChunks(crawl + ": not a crawl's chunks (--chunks), their index, a state file or a WACZ");
    }

    private static Path besides(Path file) {
        return file.resolveSibling(file.getFileName() + ".index");
    }

    private static CrawlChunks ofState(Path state) throws NoChunks {
        String file;
        try (SqliteCrawlStore store = SqliteCrawlStore.openForReading(state)) {
            ConfigTarget kept = new ConfigTarget(); // what every run of the crawl opens, as resume reads it
            ConfigCodec.decodeKept(kept, store.settings());
            file = kept.job(store.config()).outputs().chunks();
        } catch (StateException e) {
            throw new NoChunks(e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new NoChunks(state + ": its settings cannot be used: " + e.getMessage());
        }
        if (file == null || file.isBlank() || file.equals(OutputSettings.STDOUT)) {
            throw new NoChunks(state + ": its crawl wrote no chunks; crawl with --chunks FILE to search it");
        }
        Path chunks = state.resolveSibling(file);
        if (!Files.isRegularFile(chunks)) {
            throw new NoChunks(state + ": its crawl wrote chunks to " + chunks + ", which is gone");
        }
        return new CrawlChunks(besides(chunks), chunks, false);
    }

    private static CrawlChunks ofWacz(Path wacz) throws NoChunks {
        try (ZipFile zip = new ZipFile(wacz.toFile())) {
            ZipEntry entry = zip.getEntry(WACZ_ENTRY);
            if (entry == null) {
                throw new NoChunks(wacz + ": this WACZ holds no chunks; crawl with --chunks FILE and --wacz to "
                        + "package them");
            }
            Path out = Files.createTempFile(wacz.toAbsolutePath().getParent(), ".chunks-", ".jsonl");
            try (InputStream in = zip.getInputStream(entry)) {
                Files.copy(in, out, StandardCopyOption.REPLACE_EXISTING);
            }
            return new CrawlChunks(besides(wacz), out, true);
        } catch (IOException e) {
            throw new NoChunks(wacz + ": cannot read it as a WACZ: " + e.getMessage());
        }
    }
}
