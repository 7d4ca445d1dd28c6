package jaut.harness;

import java.util.List;

import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * The subclass a mock of an abstract class is an instance of: each
 * abstract method the input state lists returns {@link MockCalls#answer},
 * unboxed to its return type. The subclass has no constructor of its own:
 * the state allocates its objects without running one.
 */
final class MockClass {
    private MockClass() {
    }

    /** The class file of {@code name} (internal form) extending {@code parent}. */
    static byte[] generate(String name, Class<?> parent, List<String> methods) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V11, Opcodes.ACC_PUBLIC | Opcodes.ACC_FINAL | Opcodes.ACC_SYNTHETIC, name, null,
                Type.getInternalName(parent), null);
        for (String key : methods) {
            int open = key.indexOf('(');
            String method = key.substring(0, open);
            String descriptor = key.substring(open);
            Type ret = Type.getReturnType(descriptor);
            MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC, method, descriptor, null, null);
            mv.visitCode();
            mv.visitVarInsn(Opcodes.ALOAD, 0);
            mv.visitLdcInsn(key);
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, "jaut/harness/MockCalls", "answer",
                    "(Ljava/lang/Object;Ljava/lang/String;)Ljava/lang/Object;", false);
            unboxAndReturn(mv, ret);
            mv.visitMaxs(0, 0);
            mv.visitEnd();
        }
        cw.visitEnd();
        return cw.toByteArray();
    }

    private static void unboxAndReturn(MethodVisitor mv, Type ret) {
        String box;
        String unbox;
        switch (ret.getSort()) {
            case Type.VOID:
                mv.visitInsn(Opcodes.POP);
                mv.visitInsn(Opcodes.RETURN);
                return;
            case Type.BOOLEAN: box = "java/lang/Boolean"; unbox = "booleanValue"; break;
            case Type.BYTE: box = "java/lang/Byte"; unbox = "byteValue"; break;
            case Type.CHAR: box = "java/lang/Character"; unbox = "charValue"; break;
            case Type.SHORT: box = "java/lang/Short"; unbox = "shortValue"; break;
            case Type.INT: box = "java/lang/Integer"; unbox = "intValue"; break;
            case Type.LONG: box = "java/lang/Long"; unbox = "longValue"; break;
            case Type.FLOAT: box = "java/lang/Float"; unbox = "floatValue"; break;
            case Type.DOUBLE: box = "java/lang/Double"; unbox = "doubleValue"; break;
            default:
                mv.visitTypeInsn(Opcodes.CHECKCAST, ret.getInternalName());
                mv.visitInsn(Opcodes.ARETURN);
                return;
        }
        mv.visitTypeInsn(Opcodes.CHECKCAST, box);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, box, unbox, "()" + ret.getDescriptor(), false);
        mv.visitInsn(ret.getOpcode(Opcodes.IRETURN));
    }
}
