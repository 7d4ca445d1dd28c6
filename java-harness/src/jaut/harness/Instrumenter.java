package jaut.harness;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Inserts a call {@code Probe.hit(i)} before the i-th instruction of one
 * method, counting instructions in the order ASM visits them, which is their
 * order in the code array (ASM reports every bytecode instruction with exactly
 * one visit call: wide forms, ldc_w and goto_w included). jaut sends the pcs of
 * the same instructions from its own decoder, so index i means pcs[i]; the
 * counts are compared before a trace is trusted.
 *
 * <p>The probe goes after the label and stack-map frame of the instruction, so
 * branch targets and handlers run it. For {@code new} it goes after the
 * instruction: a frame's uninitialized type names the offset of its
 * {@code new}, which must stay where the label points. The original frames are
 * kept (the probe leaves the stack as it found it) and only the maximum stack
 * size is recomputed.
 */
final class Instrumenter {
    static final String PROBE = "jaut/harness/Probe";

    /** The instrumented class, and how many instructions the method has. */
    static final class Result {
        final byte[] bytes;
        final int instructions;
        /** The indexes of the conditional branches and switches. */
        final java.util.BitSet branches;
        /** The indexes of the exception handlers' first instructions. */
        final java.util.BitSet handlers;

        Result(byte[] bytes, int instructions, java.util.BitSet branches, java.util.BitSet handlers) {
            this.bytes = bytes;
            this.instructions = instructions;
            this.branches = branches;
            this.handlers = handlers;
        }
    }

    private Instrumenter() {}

    /** Returns null when the class has no such method with code. */
    static Result instrument(byte[] original, String method, String descriptor) {
        ClassReader reader = new ClassReader(original);
        ClassWriter writer = new ClassWriter(reader, ClassWriter.COMPUTE_MAXS);
        int[] count = {-1};
        java.util.BitSet branches = new java.util.BitSet();
        java.util.BitSet handlers = new java.util.BitSet();
        reader.accept(
                new ClassVisitor(Opcodes.ASM9, writer) {
                    @Override
                    public MethodVisitor visitMethod(
                            int access, String name, String desc, String signature, String[] exceptions) {
                        MethodVisitor mv = super.visitMethod(access, name, desc, signature, exceptions);
                        if (!name.equals(method) || !desc.equals(descriptor)) {
                            return mv;
                        }
                        count[0] = 0;
                        return new Probes(mv, count, branches, handlers);
                    }
                },
                0);
        if (count[0] <= 0) {
            return null;
        }
        return new Result(writer.toByteArray(), count[0], branches, handlers);
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
                default:
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
