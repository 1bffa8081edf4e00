package dev.loomcrawl.output.warc;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.loomcrawl.fetch.Version;
import dev.loomcrawl.output.OutputException;
import dev.loomcrawl.output.WholeFile;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.stream.Stream;

/**
 * A <a href="https://specs.webrecorder.net/wacz/1.1.1/">WACZ 1.1.1</a> package of finished WARC files, which
 * ReplayWeb.page opens: a ZIP holding, in this order,
 * <ul>
 *   <li>{@code archive/NAME.warc.gz}: the WARC files, STORED (not compressed again), so a record can be read by
 *       range;</li>
 *   <li>{@code indexes/index.cdxj}: one sorted CDXJ index of all of them ({@link CdxjIndex}'s lines, whose
 *       {@code filename} names the file under {@code archive/});</li>
 *   <li>{@code pages/pages.jsonl}: the header line, then the pages ({@link WaczPages}: 200 HTML responses);</li>
 *   <li>{@code chunks/chunks.jsonl}, when the crawl wrote chunks ({@code --chunks}): them, as written, so that
 *       {@code loomcrawl search} can search the package (a file WACZ readers pass over);</li>
 *   <li>{@code datapackage.json}: {@code profile}, {@code wacz_version}, {@code title} (if given), {@code created},
 *       {@code software}, and {@code resources}: name, path, {@code sha256:} hash and size of each file above;</li>
 *   <li>{@code datapackage-digest.json}: the hash of {@code datapackage.json}.</li>
 * </ul>
 * It is written as {@link WholeFile} writes a file: to a temporary file beside the target, moved into place when
 * whole (so a killed process never leaves half a package under the final name), or through a device or pipe.
 */
public final class WaczPackage {
    /** The version of the WACZ format written. */
    public static final String WACZ_VERSION = "1.1.1";
    private static final JsonFactory JSON = new JsonFactory();

    private WaczPackage() {}

    /**
     * Packages {@code warcs} (finished files: none may still be written to) into {@code wacz}, replacing it.
     *
     * @param title the collection's title, shown by replay tools; null for none
     * @throws IllegalArgumentException if there are no files, or two share a file name
     * @throws OutputException if a file cannot be read or the package cannot be written
     */
    public static void write(Path wacz, List<Path> warcs, String title) {
        write(wacz, warcs, title, null);
    }

    /** As {@link #write(Path, List, String)}, with the crawl's {@code chunks} file too (null: none). */
    public static void write(Path wacz, List<Path> warcs, String title, Path chunks) {
        if (warcs.isEmpty()) throw new IllegalArgumentException("a WACZ needs at least one WARC file");
        if (new HashSet<>(warcs.stream().map(Path::getFileName).toList()).size() != warcs.size()) {
            throw new IllegalArgumentException("WARC files packaged together need distinct names: " + warcs);
        }
        Path work = null;
        try {
            work = Files.createTempDirectory(WholeFile.scratchDirectory(wacz), ".wacz-index-");
            List<Path> indexes = new ArrayList<>();
            for (int i = 0; i < warcs.size(); i++) {
                indexes.add(work.resolve(i + ".cdxj"));
                CdxjIndex.write(warcs.get(i), indexes.getLast());
            }
            WholeFile.write(wacz, out -> {
                WaczZip zip = new WaczZip(out);
                pack(zip, warcs, indexes, title, chunks);
                zip.finish();
            });
        } catch (IOException e) {
            throw new OutputException(wacz.toString(), e);
        } finally {
            delete(work);
        }
    }

    private static void pack(WaczZip zip, List<Path> warcs, List<Path> indexes, String title, Path chunks)
            throws IOException {
        List<WaczZip.Resource> resources = new ArrayList<>();
        for (Path w : warcs) resources.add(zip.stored("archive/" + w.getFileName(), w));
        WaczPages pages = new WaczPages(warcs);
        resources.add(zip.deflated("indexes/index.cdxj", out -> {
            Writer text = new OutputStreamWriter(out, StandardCharsets.UTF_8);
            CdxjMerge.merge(indexes, text, pages::consider);
        }));
        List<WaczPages.Page> found = pages.pages();
        resources.add(zip.deflated("pages/pages.jsonl", out -> WaczPages.write(found, out)));
        if (chunks != null && Files.isRegularFile(chunks)) {
            resources.add(zip.deflated("chunks/chunks.jsonl", out -> Files.copy(chunks, out)));
        }
        byte[] datapackage = datapackage(resources, title);
        zip.deflated("datapackage.json", datapackage);
        zip.deflated("datapackage-digest.json", digest(datapackage));
    }

    /** The package's manifest. */
    private static byte[] datapackage(List<WaczZip.Resource> resources, String title) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JsonGenerator json = JSON.createGenerator(bytes).useDefaultPrettyPrinter()) {
            json.writeStartObject();
            json.writeStringField("profile", "data-package");
            json.writeStringField("wacz_version", WACZ_VERSION);
            if (title != null) json.writeStringField("title", title);
            json.writeStringField("created", Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
            json.writeStringField("software", Version.SOFTWARE);
            json.writeArrayFieldStart("resources");
            for (WaczZip.Resource r : resources) {
                json.writeStartObject();
                json.writeStringField("name", r.name());
                json.writeStringField("path", r.path());
                json.writeStringField("hash", r.hash());
                json.writeNumberField("bytes", r.bytes());
                json.writeEndObject();
            }
            json.writeEndArray();
            json.writeEndObject();
        }
        return bytes.toByteArray();
    }

    /** {@code datapackage-digest.json}: the manifest's path and hash. */
    private static byte[] digest(byte[] datapackage) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JsonGenerator json = JSON.createGenerator(bytes).useDefaultPrettyPrinter()) {
            json.writeStartObject();
            json.writeStringField("path", "datapackage.json");
            json.writeStringField("hash", WaczZip.sha256(datapackage));
            json.writeEndObject();
        }
        return bytes.toByteArray();
    }

    private static void delete(Path dir) {
        if (dir == null) return;
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        } catch (IOException ignored) {
            // a temporary directory left behind, named .wacz-index-*
        }
    }
}
