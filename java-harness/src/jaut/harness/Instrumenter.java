package jaut.harness;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Inserts a call {@code Probe.hit(i)} before every instruction of the method
 * under test and of the other methods of its class, counting instructions in
 * the order ASM visits them, which is their order in the code array (ASM
 * reports every bytecode instruction with exactly one visit call: wide forms,
 * ldc_w and goto_w included). The method under test's instructions get the
 * indexes 0, 1, ...; each other method with code (the static initializer
 * aside) a range after them, in class-file order. jaut sends the pcs of the
 * method under test's instructions from its own decoder, so index i means
 * pcs[i]; the counts are compared before a trace is trusted. The other
 * methods' traces come back as indexes within their own range, which jaut
 * maps to pcs the same way: they credit a private helper with what a call of
 * the public method ran in it.
 *
 * <p>The probe goes after the label and stack-map frame of the instruction, so
 * branch targets and handlers run it. For {@code new} it goes after the
 * instruction: a frame's uninitialized type names the offset of its
 * {@code new}, which must stay where the label points. The original frames are
 * kept (the probe leaves the stack as it found it) and only the maximum stack
 * size is recomputed. When the probes would make some method too large for a
 * class file, only the method under test is instrumented.
 */
final class Instrumenter {
    static final String PROBE = "jaut/harness/Probe";

    /** Another method of the class and its range of instruction indexes. */
    static final class Other {
        final String name;
        final String descriptor;
        final int offset;
        final int count;

        Other(String name, String descriptor, int offset, int count) {
            this.name = name;
            this.descriptor = descriptor;
            this.offset = offset;
            this.count = count;
        }
    }

    /** The instrumented class, and how many instructions the method has. */
    static final class Result {
        final byte[] bytes;
        /** The method under test's instructions: the indexes below this. */
        final int instructions;
        /** Every instrumented instruction's. */
        final int total;
        /** The indexes of the conditional branches and switches. */
        final java.util.BitSet branches;
        /** The indexes of the exception handlers' first instructions. */
        final java.util.BitSet handlers;
        /** The other methods instrumented. */
        final java.util.List<Other> others;

        Result(byte[] bytes, int instructions, int total, java.util.BitSet branches,
                java.util.BitSet handlers, java.util.List<Other> others) {
            this.bytes = bytes;
            this.instructions = instructions;
            this.total = total;
            this.branches = branches;
            this.handlers = handlers;
            this.others = others;
        }
    }

    private Instrumenter() {}

    /** Returns null when the class has no such method with code. */
    static Result instrument(byte[] original, String method, String descriptor) {
        java.util.Map<String, Integer> counts = counts(original);
        Integer own = counts.get(method + descriptor);
        if (own == null || own <= 0) {
            return null;
        }
        java.util.Map<String, Integer> offsets = new java.util.HashMap<>();
        java.util.List<Other> others = new java.util.ArrayList<>();
        offsets.put(method + descriptor, 0);
        int next = own;
        for (java.util.Map.Entry<String, Integer> e : counts.entrySet()) {
            String key = e.getKey();
            if (offsets.containsKey(key) || e.getValue() <= 0 || key.startsWith("<clinit>")) {
                continue;
            }
            int paren = key.indexOf('(');
            others.add(new Other(key.substring(0, paren), key.substring(paren), next, e.getValue()));
            offsets.put(key, next);
            next += e.getValue();
        }
        try {
            return write(original, offsets, own, next, others);
        } catch (RuntimeException tooLarge) {
            // ASM's MethodTooLargeException or ClassTooLargeException.
            java.util.Map<String, Integer> alone = new java.util.HashMap<>();
            alone.put(method + descriptor, 0);
            return write(original, alone, own, own, new java.util.ArrayList<>());
        }
    }

    /** Each method's instruction count, by name and descriptor, in class-file order. */
    private static java.util.Map<String, Integer> counts(byte[] original) {
        java.util.Map<String, int[]> counters = new java.util.LinkedHashMap<>();
        new ClassReader(original).accept(
                new ClassVisitor(Opcodes.ASM9) {
                    @Override
                    public MethodVisitor visitMethod(
                            int access, String name, String desc, String signature, String[] exceptions) {
                        int[] count = {0};
                        counters.put(name + desc, count);
                        return new Probes(null, count, new java.util.BitSet(), new java.util.BitSet());
                    }
                },
                0);
        java.util.Map<String, Integer> out = new java.util.LinkedHashMap<>();
        counters.forEach((k, v) -> out.put(k, v[0]));
        return out;
    }

    /** The class with probes in the methods of {@code offsets}, each numbered from its offset. */
    private static Result write(byte[] original, java.util.Map<String, Integer> offsets, int own, int total,
            java.util.List<Other> others) {
        ClassReader reader = new ClassReader(original);
        ClassWriter writer = new ClassWriter(reader, ClassWriter.COMPUTE_MAXS);
        java.util.BitSet branches = new java.util.BitSet();
        java.util.BitSet handlers = new java.util.BitSet();
        reader.accept(
                new ClassVisitor(Opcodes.ASM9, writer) {
                    @Override
                    public MethodVisitor visitMethod(
                            int access, String name, String desc, String signature, String[] exceptions) {
                        MethodVisitor mv = super.visitMethod(access, name, desc, signature, exceptions);
                        Integer offset = offsets.get(name + desc);
                        if (offset == null) {
                            return mv;
                        }
                        return new Probes(mv, new int[] {offset}, branches, handlers);
                    }
                },
                0);
        return new Result(writer.toByteArray(), own, total, branches, handlers, others);
    }

    /** Emits the probes; {@code count[0]} is the next instruction's index. */
    private static final class Probes extends MethodVisitor {
        private final int[] count;
        private final java.util.BitSet branches;
        private final java.util.BitSet handlers;
        /** The handlers' labels (ASM visits the try-catch blocks before the code). */
        private final java.util.Set<Label> handlerLabels = new java.util.HashSet<>();

        Probes(MethodVisitor mv, int[] count, java.util.BitSet branches, java.util.BitSet handlers) {
            super(Opcodes.ASM9, mv);
            this.count = count;
            this.branches = branches;
            this.handlers = handlers;
        }

        @Override
        public void visitTryCatchBlock(Label start, Label end, Label handler, String type) {
            handlerLabels.add(handler);
            super.visitTryCatchBlock(start, end, handler, type);
        }

        @Override
        public void visitLabel(Label label) {
            if (handlerLabels.contains(label)) {
                handlers.set(count[0]);
            }
            super.visitLabel(label);
        }

        /** Marks the next instruction as a branch whose outcomes are traced. */
        private void branch() {
            branches.set(count[0]);
        }

        private void probe() {
            push(count[0]++);
            super.visitMethodInsn(Opcodes.INVOKESTATIC, PROBE, "hit", "(I)V", false);
        }

        @Override
        public void visitInsn(int opcode) {
            probe();
            super.visitInsn(opcode);
        }

        @Override
        public void visitIntInsn(int opcode, int operand) {
            probe();
            super.visitIntInsn(opcode, operand);
        }

        @Override
        public void visitVarInsn(int opcode, int var) {
            probe();
            super.visitVarInsn(opcode, var);
        }

        @Override
        public void visitTypeInsn(int opcode, String type) {
            if (opcode == Opcodes.NEW) {
                super.visitTypeInsn(opcode, type);
                probe();
            } else {
                probe();
                super.visitTypeInsn(opcode, type);
            }
        }

        @Override
        public void visitFieldInsn(int opcode, String owner, String name, String desc) {
            probe();
            super.visitFieldInsn(opcode, owner, name, desc);
        }

        @Override
        public void visitMethodInsn(int opcode, String owner, String name, String desc, boolean itf) {
            int index = count[0];
            probe();
            super.visitMethodInsn(opcode, owner, name, desc, itf);
            // The result may be replaced by the value the state recorded
            // for this call (a clock, a random generator): the stack has
            // the same shape before and after, so frames stay valid.
            // The return type after the parameters: `()[C` returns an
            // array, not a char.
            String returned = desc.substring(desc.indexOf(')') + 1);
            switch (returned.length() == 1 ? returned.charAt(0) : 'L') {
                case 'I': case 'Z': case 'C': case 'S': case 'B':
                    push(index);
                    super.visitMethodInsn(Opcodes.INVOKESTATIC, PROBE, "environmentInt", "(II)I", false);
                    narrow(returned.charAt(0));
                    break;
                case 'J':
                    push(index);
                    super.visitMethodInsn(Opcodes.INVOKESTATIC, PROBE, "environmentLong", "(JI)J", false);
                    break;
                case 'F':
                    push(index);
                    super.visitMethodInsn(Opcodes.INVOKESTATIC, PROBE, "environmentFloat", "(FI)F", false);
                    break;
                case 'D':
                    push(index);
                    super.visitMethodInsn(Opcodes.INVOKESTATIC, PROBE, "environmentDouble", "(DI)D", false);
                    break;
                default:
                    String probe = null;
                    switch (returned) {
                        case "Ljava/lang/String;": probe = "environmentString"; break;
                        // Objects the environment makes, from their fields.
                        case "Ljava/time/Instant;": probe = "environmentInstant"; break;
                        case "Ljava/time/LocalDate;": probe = "environmentLocalDate"; break;
                        case "Ljava/util/UUID;": probe = "environmentUuid"; break;
                        default: break;
                    }
                    if (probe != null) {
                        push(index);
                        super.visitMethodInsn(Opcodes.INVOKESTATIC, PROBE, probe,
                                "(" + returned + "I)" + returned, false);
                    }
                    break;
            }
        }

        private void push(int i) {
            if (i <= 5) {
                super.visitInsn(Opcodes.ICONST_0 + i);
            } else if (i <= Byte.MAX_VALUE) {
                super.visitIntInsn(Opcodes.BIPUSH, i);
            } else if (i <= Short.MAX_VALUE) {
                super.visitIntInsn(Opcodes.SIPUSH, i);
            } else {
                super.visitLdcInsn(i);
            }
        }

        /** Keeps a replaced value in its type's range, as the JVM would. */
        private void narrow(char type) {
            switch (type) {
                case 'Z':
                    super.visitInsn(Opcodes.ICONST_1);
                    super.visitInsn(Opcodes.IAND);
                    break;
                case 'C':
                    super.visitInsn(Opcodes.I2C);
                    break;
                case 'S':
                    super.visitInsn(Opcodes.I2S);
                    break;
                case 'B':
                    super.visitInsn(Opcodes.I2B);
                    break;
                default:
                    break;
            }
        }

        @Override
        public void visitInvokeDynamicInsn(String name, String desc, Handle bsm, Object... args) {
            probe();
            super.visitInvokeDynamicInsn(name, desc, bsm, args);
        }

        @Override
        public void visitJumpInsn(int opcode, Label label) {
            if (opcode != Opcodes.GOTO && opcode != Opcodes.JSR) {
                branch();
            }
            probe();
            super.visitJumpInsn(opcode, label);
        }

        @Override
        public void visitLdcInsn(Object value) {
            probe();
            super.visitLdcInsn(value);
        }

        @Override
        public void visitIincInsn(int var, int increment) {
            probe();
            super.visitIincInsn(var, increment);
        }

        @Override
        public void visitTableSwitchInsn(int min, int max, Label dflt, Label... labels) {
            branch();
            probe();
            super.visitTableSwitchInsn(min, max, dflt, labels);
        }

        @Override
        public void visitLookupSwitchInsn(Label dflt, int[] keys, Label[] labels) {
            branch();
            probe();
            super.visitLookupSwitchInsn(dflt, keys, labels);
        }

        @Override
        public void visitMultiANewArrayInsn(String desc, int dims) {
            probe();
            super.visitMultiANewArrayInsn(desc, dims);
        }
    }
}
