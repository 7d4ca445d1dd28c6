package harness;

import java.lang.reflect.Field;

/**
 * Brings the JVM down with a segmentation fault: {@code Unsafe.putAddress(0,
 * 0)}, reached by reflection so the sample compiles without warnings.
 */
final class Crasher {
    private Crasher() {}

    static void crash() {
        try {
            Class<?> unsafeClass = Class.forName("sun.misc.Unsafe");
            Field f = unsafeClass.getDeclaredField("theUnsafe");
            f.setAccessible(true);
            Object unsafe = f.get(null);
            unsafeClass.getMethod("putAddress", long.class, long.class).invoke(unsafe, 0L, 0L);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("no way to crash: " + e, e);
        }
    }
}
