package jaut.harness;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;

/**
 * Field access without access checks and class lookup by Java-form names.
 * Fields are read and written through {@code sun.misc.Unsafe}, which ignores
 * {@code private} and {@code final} and needs no {@code setAccessible} (that
 * would need the JDK's packages opened); values are type-checked here before
 * any write, so a wrong state is refused instead of corrupting the heap.
 */
final class Reflect {
    static final sun.misc.Unsafe UNSAFE;

    static {
        try {
            Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
            f.setAccessible(true);
            UNSAFE = (sun.misc.Unsafe) f.get(null);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private Reflect() {}

    /** {@code int}, {@code pkg.Outer$Inner}, {@code int[][]}. */
    static Class<?> classFor(String javaName, ClassLoader loader) throws ClassNotFoundException {
        if (javaName.endsWith("[]")) {
            Class<?> component = classFor(javaName.substring(0, javaName.length() - 2), loader);
            return Array.newInstance(component, 0).getClass();
        }
        switch (javaName) {
            case "boolean": return boolean.class;
            case "byte": return byte.class;
            case "char": return char.class;
            case "short": return short.class;
            case "int": return int.class;
            case "long": return long.class;
            case "float": return float.class;
            case "double": return double.class;
            case "void": return void.class;
            default: return Class.forName(javaName, false, loader);
        }
    }

    static Field field(Class<?> declaring, String name) {
        try {
            return declaring.getDeclaredField(name);
        } catch (NoSuchFieldException e) {
            throw new Refusal("no field " + name + " in " + declaring.getTypeName());
        }
    }

    /** Writes {@code value} (boxed for primitives) into the field. */
    @SuppressWarnings("deprecation")
    static void set(Object target, Field f, Object value) {
        Class<?> t = f.getType();
        boolean isStatic = Modifier.isStatic(f.getModifiers());
        Object base = isStatic ? UNSAFE.staticFieldBase(f) : target;
        long off = isStatic ? UNSAFE.staticFieldOffset(f) : UNSAFE.objectFieldOffset(f);
        if (!isStatic && !f.getDeclaringClass().isInstance(target)) {
            throw new Refusal("field " + describe(f) + " set on a " + target.getClass().getTypeName());
        }
        if (t.isPrimitive() && value == null) {
            throw new Refusal("null for the " + t + " field " + describe(f));
        }
        if (t == int.class) {
            UNSAFE.putInt(base, off, (Integer) value);
        } else if (t == long.class) {
            UNSAFE.putLong(base, off, (Long) value);
        } else if (t == boolean.class) {
            UNSAFE.putBoolean(base, off, (Boolean) value);
        } else if (t == byte.class) {
            UNSAFE.putByte(base, off, (Byte) value);
        } else if (t == short.class) {
            UNSAFE.putShort(base, off, (Short) value);
        } else if (t == char.class) {
            UNSAFE.putChar(base, off, (Character) value);
        } else if (t == float.class) {
            UNSAFE.putFloat(base, off, (Float) value);
        } else if (t == double.class) {
            UNSAFE.putDouble(base, off, (Double) value);
        } else {
            if (value != null && !t.isInstance(value)) {
                throw new Refusal("a " + value.getClass().getTypeName() + " cannot go into the "
                        + t.getTypeName() + " field " + describe(f));
            }
            UNSAFE.putObject(base, off, value);
        }
    }

    /** Reads a field, boxing primitives. */
    @SuppressWarnings("deprecation")
    static Object get(Object target, Field f) {
        Class<?> t = f.getType();
        boolean isStatic = Modifier.isStatic(f.getModifiers());
        Object base = isStatic ? UNSAFE.staticFieldBase(f) : target;
        long off = isStatic ? UNSAFE.staticFieldOffset(f) : UNSAFE.objectFieldOffset(f);
        if (t == int.class) {
            return UNSAFE.getInt(base, off);
        } else if (t == long.class) {
            return UNSAFE.getLong(base, off);
        } else if (t == boolean.class) {
            return UNSAFE.getBoolean(base, off);
        } else if (t == byte.class) {
            return UNSAFE.getByte(base, off);
        } else if (t == short.class) {
            return UNSAFE.getShort(base, off);
        } else if (t == char.class) {
            return UNSAFE.getChar(base, off);
        } else if (t == float.class) {
            return UNSAFE.getFloat(base, off);
        } else if (t == double.class) {
            return UNSAFE.getDouble(base, off);
        }
        return UNSAFE.getObject(base, off);
    }

    static String describe(Field f) {
        return f.getDeclaringClass().getTypeName() + "." + f.getName();
    }

    /** Whether a class is the JDK's (loaded by the boot or platform loader). */
    static boolean isJdk(Class<?> c) {
        while (c.isArray()) {
            c = c.getComponentType();
        }
        ClassLoader l = c.getClassLoader();
        return l == null || l == ClassLoader.getPlatformClassLoader();
    }
}
