package dev.loomcrawl.output.warc;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.function.Consumer;

/**
 * Merges sorted CDXJ files into one sorted stream of lines, holding one line per file in memory: how a WACZ gets one
 * index of many WARC files. Lines compare as jwarc's {@code CdxWriter} sorts them (as strings).
 */
final class CdxjMerge {
    private record Head(String line, BufferedReader rest) {}

    private CdxjMerge() {}

    /** Writes the lines of {@code sorted} to {@code out} in order, each with its newline, and hands each to {@code each}. */
    static void merge(List<Path> sorted, Writer out, Consumer<String> each) throws IOException {
        PriorityQueue<Head> heads = new PriorityQueue<>(Comparator.comparing(Head::line));
        List<BufferedReader> readers = new ArrayList<>();
        try {
            for (Path p : sorted) {
                BufferedReader r = Files.newBufferedReader(p, StandardCharsets.UTF_8);
                readers.add(r);
                next(r, heads);
            }
            while (!heads.isEmpty()) {
                Head h = heads.poll();
                out.write(h.line());
                out.write('\n');
                each.accept(h.line());
                next(h.rest(), heads);
            }
            out.flush();
        } finally {
            for (BufferedReader r : readers) r.close();
        }
    }

    private static void next(BufferedReader r, PriorityQueue<Head> heads) throws IOException {
        String line = r.readLine();
        if (line != null) heads.add(new Head(line, r));
    }
}
