package dev.loomcrawl.internal.frontier;

import dev.loomcrawl.frontier.Visit;
import dev.loomcrawl.internal.frontier.VisitSpill;
import dev.loomcrawl.url.Origin;
import dev.loomcrawl.url.WebUrl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(60)
class VisitSpillTest {
    @TempDir
    Path base;

    private static final Origin A = WebUrl.parse("http://a.test/").origin();

    private static Visit visit(int i) {
        return new Visit(WebUrl.parse("http://a.test/p" + i), 10, 1, WebUrl.parse("http://a.test/"));
    }

    private static List<Visit> load(VisitSpill spill, int max) throws Exception {
        CompletableFuture<List<Visit>> loaded = new CompletableFuture<>();
        spill.load(A, max, (visits, failure) -> {
            assertNull(failure);
            loaded.complete(visits);
        });
        return loaded.get();
    }

    private long filesOnDisk() throws IOException {
        try (Stream<Path> files = Files.walk(base)) {
            return files.filter(p -> p.getFileName().toString().startsWith("visits-")).count();
        }
    }

    private long bytesOnDisk() throws IOException {
        try (Stream<Path> files = Files.walk(base)) {
            long bytes = 0;
            for (Path p : files.filter(f -> f.getFileName().toString().startsWith("visits-")).toList()) {
                bytes += Files.size(p);
            }
            return bytes;
        }
    }

    @Test
    void aLongQueueMovesThroughFilesThatAreDeletedOnceRead() throws Exception {
        List<Visit> taken = new ArrayList<>();
        long mostBytes = 0;
        try (VisitSpill spill = new VisitSpill(base, 1000, e -> { throw new AssertionError(e); })) {
            int next = 0;
            for (int round = 0; round < 50; round++) { // 100 in, 80 out: the queue grows by 20 a round
                for (int i = 0; i < 100; i++) spill.append(A, visit(next++));
                taken.addAll(load(spill, 80));
                mostBytes = Math.max(mostBytes, bytesOnDisk());
            }
            while (taken.size() < next) {
                List<Visit> more = load(spill, 77);
                assertTrue(!more.isEmpty(), "the rest is still there");
                taken.addAll(more);
                mostBytes = Math.max(mostBytes, bytesOnDisk());
            }
            assertEquals(0, filesOnDisk(), "read to the end, every file is gone");
        }
        List<Visit> expected = new ArrayList<>();
        for (int i = 0; i < 5000; i++) expected.add(visit(i));
        assertEquals(expected, taken, "first in, first out");
        // at most 1,000 visits of about 40 bytes are queued at once, of the 5,000 (200 KB) that pass through
        assertTrue(mostBytes < 100_000, "bytes on disk at once: " + mostBytes);
    }
}
