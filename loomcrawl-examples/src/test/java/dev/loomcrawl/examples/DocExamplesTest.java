package dev.loomcrawl.examples;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Java examples in the README and the docs compile against the library as it is, so they cannot rot: each
 * {@code ```java} block is put in a method (with the imports a reader would add, and as parameters the few
 * names the text around it defines: {@code config}, {@code listUrl}) and compiled with the JDK's compiler. A block
 * that is a whole source file (it starts with {@code package} or {@code import}, as the README's library project
 * does) is compiled as it is, in a file named after its public class.
 */
class DocExamplesTest {
    private static final Pattern BLOCK = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL);
    private static final Pattern PUBLIC_CLASS = Pattern.compile("^public (?:final )?class (\\w+)", Pattern.MULTILINE);
    private static final String IMPORTS = """
            import dev.loomcrawl.*;
            import dev.loomcrawl.result.*;
            import dev.loomcrawl.output.*;
            import dev.loomcrawl.output.lines.*;
            import dev.loomcrawl.output.warc.*;
            import dev.loomcrawl.render.chromium.*;
            import dev.loomcrawl.report.*;
            import dev.loomcrawl.state.*;
            import dev.loomcrawl.store.sqlite.*;
            import org.jsoup.nodes.Element;
            import java.nio.file.Path;
            import java.util.*;
            """;

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"README.md", "docs/outputs.md", "docs/state.md", "docs/scraping.md", "docs/rendering.md"})
    void everyJavaExampleCompiles(String doc) throws IOException {
        String text = Files.readString(root().resolve(doc));
        List<String> blocks = new ArrayList<>();
        for (Matcher m = BLOCK.matcher(text); m.find(); ) blocks.add(m.group(1));
        assertFalse(blocks.isEmpty(), doc + " has no Java example");
        List<Path> sources = new ArrayList<>();
        for (int i = 0; i < blocks.size(); i++) {
            String name = "Example" + i;
            String block = blocks.get(i);
            if (block.startsWith("package ") || block.startsWith("import ")) { // a whole file, as printed
                Matcher publicClass = PUBLIC_CLASS.matcher(block);
                assertTrue(publicClass.find(), doc + ": a Java file with no public class:\n" + block);
                Path file = Files.createDirectories(dir.resolve(name)).resolve(publicClass.group(1) + ".java");
                Files.writeString(file, block);
                sources.add(file);
                continue;
            }
            Path source = dir.resolve(name + ".java");
            List<String> given = new ArrayList<>(); // what the text around the example defines
            if (block.contains("config") && !block.contains("CrawlConfig config")) given.add("CrawlConfig config");
            if (block.contains("listUrl")) given.add("String listUrl");
            Files.writeString(source, IMPORTS + "class " + name + " {\n"
                    + "    static void run(" + String.join(", ", given) + ") throws Exception {\n"
                    + block + "    }\n}\n");
            sources.add(source);
        }
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager files = compiler.getStandardFileManager(diagnostics, null, null)) {
            boolean ok = compiler.getTask(null, files, diagnostics, List.of("-classpath",
                            System.getProperty("java.class.path"), "-d", dir.toString(), "-proc:none"), null,
                    files.getJavaFileObjectsFromPaths(sources)).call();
            StringBuilder errors = new StringBuilder();
            for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
                if (d.getKind() == Diagnostic.Kind.ERROR) {
                    errors.append('\n').append(d.getSource() == null ? "" : Path.of(d.getSource().toUri())
                            .getFileName()).append(':').append(d.getLineNumber()).append(": ")
                            .append(d.getMessage(null));
                }
            }
            assertTrue(ok, doc + ": an example does not compile:" + errors);
        }
    }

    /** The repository's root: the module runs its tests in its own directory. */
    private static Path root() {
        Path here = Path.of("").toAbsolutePath();
        return Files.exists(here.resolve("README.md")) && Files.exists(here.resolve("docs")) ? here : here.getParent();
    }
}
