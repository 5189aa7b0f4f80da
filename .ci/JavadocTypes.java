import com.sun.source.doctree.DocCommentTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.DocTrees;
import com.sun.source.util.JavacTask;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreePathScanner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.lang.model.element.Modifier;
import javax.tools.JavaCompiler;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Javadoc's doclint runs without its "missing" group (see the parent pom), so this checks what that
 * group would have checked of types: every public or protected type of the given source roots, and
 * every package ({@code package-info.java}), has a Javadoc comment that opens with a sentence.
 *
 * <p>{@code java .ci/JavadocTypes.java arbor-core/src/main/java ...}: prints what lacks one and
 * exits 1, or prints the count and exits 0.
 */
public final class JavadocTypes {

    public static void main(String[] args) throws IOException {
        List<Path> files = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (String root : args) {
            try (Stream<Path> walk = Files.walk(Path.of(root))) {
                walk.filter(p -> p.toString().endsWith(".java")).sorted().forEach(files::add);
            }
            try (Stream<Path> walk = Files.walk(Path.of(root))) {
                walk.filter(Files::isDirectory)
                        .filter(d -> hasJava(d) && !Files.exists(d.resolve("package-info.java")))
                        .filter(d -> !d.equals(Path.of(root)))
                        .forEach(d -> problems.add(d + ": no package-info.java"));
            }
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        int[] types = {0};
        try (StandardJavaFileManager fm = javac.getStandardFileManager(null, null, null)) {
            JavacTask task = (JavacTask) javac.getTask(null, fm, d -> { }, List.of("-proc:none"), null,
                    fm.getJavaFileObjectsFromPaths(files));
            DocTrees docs = DocTrees.instance(task);
            for (CompilationUnitTree unit : task.parse()) {
                if (unit.getSourceFile().getName().endsWith("package-info.java")) {
                    check(docs, new TreePath(new TreePath(unit), unit.getPackage()), unit.getSourceFile().getName(), problems);
                    continue;
                }
                new TreePathScanner<Void, Boolean>() {
                    @Override
                    public Void visitClass(ClassTree type, Boolean visible) {
                        var mods = type.getModifiers().getFlags();
                        boolean inInterface = getCurrentPath().getParentPath().getLeaf() instanceof ClassTree outer
                                && (outer.getKind() == Tree.Kind.INTERFACE || outer.getKind() == Tree.Kind.ANNOTATION_TYPE);
                        boolean exposed = visible && (mods.contains(Modifier.PUBLIC) || mods.contains(Modifier.PROTECTED)
                                || inInterface);
                        if (exposed) {
                            types[0]++;
                            check(docs, getCurrentPath(), unit.getSourceFile().getName() + ": type " + type.getSimpleName(),
                                    problems);
                        }
                        return super.visitClass(type, exposed);
                    }
                }.scan(unit, true);
            }
        }
        problems.forEach(System.out::println);
        if (!problems.isEmpty()) {
            System.out.println(problems.size() + " public types or packages without a Javadoc sentence");
            System.exit(1);
        }
        System.out.println("javadoc: " + types[0] + " public types, each with a Javadoc sentence; a package-info.java in every package");
    }

    private static boolean hasJava(Path dir) {
        try (Stream<Path> list = Files.list(dir)) {
            return list.anyMatch(p -> p.toString().endsWith(".java") && !p.endsWith("module-info.java"));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static void check(DocTrees docs, TreePath path, String what, List<String> problems) {
        DocCommentTree doc = docs.getDocCommentTree(path);
        if (doc == null) {
            problems.add(what + ": no Javadoc comment");
        } else if (doc.getFirstSentence().isEmpty()) {
            problems.add(what + ": the Javadoc comment does not open with a sentence");
        }
    }
}
