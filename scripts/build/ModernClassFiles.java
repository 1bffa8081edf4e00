import java.io.IOException;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassFileVersion;
import java.lang.classfile.ClassHierarchyResolver;
import java.lang.classfile.ClassModel;
import java.lang.classfile.ClassTransform;
import java.lang.classfile.CodeModel;
import java.lang.classfile.CodeTransform;
import java.lang.classfile.MethodModel;
import java.lang.classfile.instruction.DiscontinuedInstruction;
import java.lang.reflect.AccessFlag;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Rewrites the class files older than Java 6 (major version under 50) in a runnable jar as Java 8 class files with
 * stack maps, so that the JVM's AOT cache (JEP 483) can keep them: it skips such "old" classes, and loads, verifies
 * (with the old, inferring verifier) and links each of them again at every start. picocli 4.7 and Brotli's decoder are
 * built for Java 5: 174 of picocli's classes were loaded from the jar at every start of the command line (docs/
 * decisions/0048-class-files-the-aot-cache-can-keep.md). The instructions stay as they are; the version changes, and
 * the stack maps are computed by the JDK's ClassFile API. Each class rewritten is checked by that API's verifier, then
 * loaded from the jar as written, so that the JVM checks its format too; either failing fails the build. A class it
 * cannot rewrite (one with jsr/ret, an interface not marked abstract as old package-info files are, or a type it
 * cannot resolve) stays as it was. JDK 24 or newer.
 *
 *   java scripts/build/ModernClassFiles.java JAR
 */
public final class ModernClassFiles {
    private static final int OLD = 50;

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: java ModernClassFiles.java JAR");
            System.exit(2);
        }
        Path jar = Path.of(args[0]);
        List<String> rewritten = new ArrayList<>();
        // The jar as a file system: only the entries rewritten are compressed again, the others copied as they are
        // (the jar is 300 MB, most of it ONNX Runtime's libraries and the embedding model).
        try (URLClassLoader types = new URLClassLoader(new URL[] {jar.toUri().toURL()}, null);
             FileSystem zip = FileSystems.newFileSystem(jar)) {
            ClassFile classes = ClassFile.of(ClassFile.StackMapsOption.GENERATE_STACK_MAPS,
                    ClassFile.ClassHierarchyResolverOption.of(ClassHierarchyResolver.defaultResolver()
                            .orElse(ClassHierarchyResolver.ofResourceParsing(types))));
            List<Path> files;
            try (Stream<Path> all = Files.walk(zip.getPath("/"))) {
                files = all.filter(f -> f.toString().endsWith(".class") && !f.startsWith("/META-INF")).toList();
            }
            for (Path file : files) {
                ClassModel model = classes.parse(Files.readAllBytes(file));
                if (model.majorVersion() >= OLD) continue;
                byte[] modern = modern(classes, model, file.toString());
                if (modern != null) {
                    FileTime time = Files.getLastModifiedTime(file);
                    Files.write(file, modern);
                    Files.setLastModifiedTime(file, time);
                    rewritten.add(file.toString().substring(1, file.toString().length() - ".class".length()));
                }
            }
        }
        loadEach(jar, rewritten);
        if (rewritten.isEmpty()) System.err.println("ModernClassFiles: no class file older than Java 6 in " + jar);
    }

    /**
     * Loads each class rewritten from the jar as written, in a class loader of its own: the JVM checks its format
     * (which the ClassFile API's verifier does not), and the build fails on a class it refuses.
     */
    private static void loadEach(Path jar, List<String> names) throws IOException {
        try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, null)) {
            for (String name : names) {
                try {
                    Class.forName(name.replace('/', '.'), false, loader);
                } catch (ClassNotFoundException | LinkageError e) {
                    throw new IllegalStateException(name + " does not load once rewritten: " + e, e);
                }
            }
        }
    }

    /** An old class as a Java 8 class file, or null when it cannot be one. */
    private static byte[] modern(ClassFile classes, ClassModel model, String name) {
        if (hasSubroutines(model)) return null;
        // an interface not marked abstract (javac's package-info of old) is allowed in old class files only
        if (model.flags().has(AccessFlag.INTERFACE) && !model.flags().has(AccessFlag.ABSTRACT)) return null;
        byte[] modern;
        try {
            modern = classes.transformClass(model,
                    ClassTransform.transformingMethodBodies(CodeTransform.ACCEPT_ALL).andThen((builder, element) -> {
                        if (element instanceof ClassFileVersion) builder.with(ClassFileVersion.of(52, 0));
                        else builder.with(element);
                    }));
        } catch (IllegalArgumentException e) { // a type the stack maps need that is not in the jar or the JDK
            System.err.println("ModernClassFiles: " + name + " left as it was: " + e.getMessage());
            return null;
        }
        List<VerifyError> errors = classes.verify(modern);
        if (!errors.isEmpty()) {
            throw new IllegalStateException(name + " does not verify once rewritten: "
                    + errors.getFirst().getMessage());
        }
        return modern;
    }

    /** Whether a method uses jsr/ret, which class files from Java 7 on may not hold. */
    private static boolean hasSubroutines(ClassModel model) {
        for (MethodModel method : model.methods()) {
            CodeModel code = method.code().orElse(null);
            if (code == null) continue;
            for (var element : code) {
                if (element instanceof DiscontinuedInstruction) return true;
            }
        }
        return false;
    }
}
