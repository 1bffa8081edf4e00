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

    /**
     * The README's library project, compiled as a module that requires {@code dev.loomcrawl.core} on the module path
     * (core and the modules it requires, found on this test's class path): the example a new user copies uses only
     * what the core module exports. An example naming an engine type (one of {@code content}, {@code robots}...)
     * fails here with "package ... is not visible".
     */
    @org.junit.jupiter.api.Test
    void theReadmeLibraryExampleUsesOnlyWhatTheCoreModuleExports() throws IOException {
        String text = Files.readString(root().resolve("README.md"));
        String example = null;
        for (Matcher m = BLOCK.matcher(text); m.find(); ) {
            if (m.group(1).startsWith("package ")) example = m.group(1);
        }
        assertTrue(example != null, "README.md has no library project");
        Matcher publicClass = PUBLIC_CLASS.matcher(example);
        assertTrue(publicClass.find());
        Path src = Files.createDirectories(dir.resolve("src").resolve("example"));
        Files.writeString(src.resolve(publicClass.group(1) + ".java"), example);
        Files.writeString(dir.resolve("src").resolve("module-info.java"),
                "module example {\n    requires dev.loomcrawl.core;\n}\n");
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager files = compiler.getStandardFileManager(diagnostics, null, null)) {
            boolean ok = compiler.getTask(null, files, diagnostics, List.of("--module-path", coreModulePath(),
                            "-d", dir.resolve("out").toString(), "-proc:none", "-Xlint:-module"), null,
                    files.getJavaFileObjectsFromPaths(List.of(src.resolve(publicClass.group(1) + ".java"),
                            dir.resolve("src").resolve("module-info.java")))).call();
            StringBuilder errors = new StringBuilder();
            for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
                if (d.getKind() == Diagnostic.Kind.ERROR) errors.append('\n').append(d.getMessage(null));
            }
            assertTrue(ok, "the README's library example does not compile as a module:" + errors);
        }
    }

    /**
     * The module path of {@code dev.loomcrawl.core}: the class path entries that hold it and, transitively, the
     * modules it requires (automatic ones by their derived names), and nothing else, so that no unrelated automatic
     * module of the test's class path is resolved with them.
     */
    private static String coreModulePath() {
        java.util.Map<String, String> byName = new java.util.HashMap<>();
        for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
            try {
                for (var ref : java.lang.module.ModuleFinder.of(Path.of(entry)).findAll()) {
                    byName.putIfAbsent(ref.descriptor().name(), entry);
                }
            } catch (java.lang.module.FindException e) { // not a module, nor a jar one can be made of: not needed
            }
        }
        java.util.Set<String> needed = new java.util.LinkedHashSet<>();
        java.util.ArrayDeque<String> todo = new java.util.ArrayDeque<>(List.of("dev.loomcrawl.core"));
        while (!todo.isEmpty()) {
            String name = todo.poll();
            String entry = byName.get(name);
            if (entry == null || !needed.add(name)) continue; // a JDK module, or one seen
            for (var ref : java.lang.module.ModuleFinder.of(Path.of(entry)).findAll()) {
                ref.descriptor().requires().forEach(r -> todo.add(r.name()));
            }
        }
        assertTrue(needed.contains("dev.loomcrawl.core"), "loomcrawl-core is not on the class path as a module");
        List<String> path = new ArrayList<>();
        for (String name : needed) path.add(byName.get(name));
        return String.join(java.io.File.pathSeparator, path);
    }

    /** The repository's root: the module runs its tests in its own directory. */
    private static Path root() {
        Path here = Path.of("").toAbsolutePath();
        return Files.exists(here.resolve("README.md")) && Files.exists(here.resolve("docs")) ? here : here.getParent();
    }
}
