package dev.loomcrawl.serve;

import dev.loomcrawl.config.OutputSettings;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * Where a native crawl's outputs go: each output setting is a plain file name, placed in the job's folder
 * ({@code outputs/NAME}; the WARC files, {@code NAME-00000.warc.gz}..., in {@code warc/}). No directory part, no
 * {@code -}: a request names files of its own job and nothing else on the server. The content-dir folder is
 * downloaded whole, as {@code NAME.zip}, made as it is sent: one name in the status however many pages it holds, and
 * no path of a caller's to check, since the server walks its own folder (regular files only, no link followed).
 */
final class NativeFiles {
    static final String OUTPUTS = "outputs";
    static final String WARC = "warc";
    /** What a folder's download name ends with. */
    static final String ZIP = ".zip";
    /** A name a request may give an output, and a download may ask for. */
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,99}");

    private NativeFiles() {}

    static boolean safe(String name) {
        return name != null && NAME.matcher(name).matches() && !name.contains("..");
    }

    /** The output settings' file names, by setting, as given; each checked ({@code 400} naming the setting). */
    static Map<String, String> names(OutputSettings o) {
        Map<String, String> names = new LinkedHashMap<>();
        put(names, "output", o.records());
        put(names, "links", o.links());
        put(names, "items", o.items());
        put(names, "content", o.content());
        put(names, "chunks", o.chunks());
        put(names, "html-report", o.htmlReport() == null ? null : o.htmlReport().toString());
        put(names, "wacz", o.wacz() == null ? null : o.wacz().toString());
        put(names, "content-dir", o.contentDir() == null ? null : o.contentDir().toString());
        put(names, "warc", o.warc() == null ? null : o.warc().toString());
        Map<String, String> seen = new LinkedHashMap<>();
        names.forEach((setting, name) -> {
            if (setting.equals("warc")) return; // its files are in a folder of their own
            // a folder is downloaded as NAME.zip, which no file may be named too
            for (String given : setting.equals("content-dir") ? List.of(name, name + ZIP) : List.of(name)) {
                String other = seen.putIfAbsent(given, setting);
                if (other != null) {
                    throw ApiError.badRequest("settings '" + other + "' and '" + setting + "' both name '" + given
                            + "': give each its own file");
                }
            }
        });
        return names;
    }

    private static void put(Map<String, String> names, String setting, String name) {
        if (name == null) return;
        if (!safe(name)) {
            throw ApiError.badRequest("setting '" + setting + "' takes a plain file name, placed in the job's folder "
                    + "(letters, digits, '.', '_', '-'; no directory, not '-'), got '" + clip(name) + "'");
        }
        names.put(setting, name);
    }

    /** The outputs with each file in the job's folder {@code dir}. */
    static OutputSettings place(OutputSettings o, Path dir) {
        Path out = dir.resolve(OUTPUTS);
        return new OutputSettings(in(out, o.records()), o.format(), in(out, o.links()), in(out, o.items()),
                o.warc() == null ? null : dir.resolve(WARC).resolve(o.warc().toString()), o.warcMaxSize(),
                o.wacz() == null ? null : out.resolve(o.wacz().toString()),
                o.htmlReport() == null ? null : out.resolve(o.htmlReport().toString()), in(out, o.content()),
                o.contentDir() == null ? null : out.resolve(o.contentDir().toString()), in(out, o.chunks()),
                o.chunkSize(), o.chunkAllKinds());
    }

    /**
     * The folder's regular files as a zip, each entry its path under the folder ({@code /} between its parts), in
     * name order; links are not followed.
     */
    static void zip(Path folder, OutputStream out) throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(folder)) {
            files = walk.filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)).sorted().toList();
        }
        OutputStream kept = new java.io.FilterOutputStream(out) { // the server closes the response, not the zip
            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                out.write(b, off, len);
            }

            @Override
            public void close() throws IOException {
                flush();
            }
        };
        try (ZipOutputStream zip = new ZipOutputStream(kept)) {
            for (Path f : files) {
                StringBuilder entry = new StringBuilder();
                for (Path part : folder.relativize(f)) entry.append(entry.isEmpty() ? "" : "/").append(part);
                zip.putNextEntry(new ZipEntry(entry.toString()));
                Files.copy(f, zip);
                zip.closeEntry();
            }
        }
    }

    private static String in(Path dir, String name) {
        return name == null ? null : dir.resolve(name).toString();
    }

    private static String clip(String s) {
        return s.length() > 80 ? s.substring(0, 80) + "..." : s;
    }
}
