import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.commons.ClassRemapper;
import org.objectweb.asm.commons.Remapper;

/**
 * Copies JDK classes into the samples under the package {@code relocated}
 * (java/util/TreeMap becomes relocated/TreeMap, its nested classes too), so
 * that jaut and its replay can run the JDK's own bytecode as a program's:
 * the samples for issue 17 (mocks of Comparator). The bytecode is read from
 * the running JDK at build time, never stored in the repository.
 *
 * Usage: java -cp asm.jar:asm-commons.jar:. Relocate OUT java/util/TreeMap java/util/PriorityQueue
 */
public final class Relocate {
    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[0]);
        List<String> roots = new ArrayList<>();
        for (int i = 1; i < args.length; i++) {
            roots.add(args[i]);
        }
        Remapper remapper = new Remapper() {
            @Override
            public String map(String name) {
                for (String r : roots) {
                    if (name.equals(r) || name.startsWith(r + "$")) {
                        return "relocated/" + name.substring(name.lastIndexOf('/') + 1);
                    }
                }
                return name;
            }
        };
        List<String> todo = new ArrayList<>(roots);
        List<String> done = new ArrayList<>();
        while (!todo.isEmpty()) {
            String name = todo.remove(todo.size() - 1);
            if (done.contains(name)) {
                continue;
            }
            done.add(name);
            byte[] bytes;
            try (InputStream in = ClassLoader.getSystemResourceAsStream(name + ".class")) {
                if (in == null) {
                    throw new IllegalStateException("no class " + name + " in this JDK");
                }
                bytes = in.readAllBytes();
            }
            ClassReader reader = new ClassReader(bytes);
            // The nested classes come along.
            reader.accept(new org.objectweb.asm.ClassVisitor(org.objectweb.asm.Opcodes.ASM9) {
                @Override
                public void visitInnerClass(String inner, String outer, String simple, int access) {
                    if (inner.startsWith(name + "$") && !done.contains(inner)) {
                        todo.add(inner);
                    }
                }
            }, ClassReader.SKIP_CODE);
            ClassWriter writer = new ClassWriter(0);
            reader.accept(new ClassRemapper(writer, remapper), 0);
            String mapped = remapper.map(name);
            Path file = out.resolve(mapped + ".class");
            Files.createDirectories(file.getParent());
            Files.write(file, writer.toByteArray());
        }
    }
}
