package environment;

import java.lang.reflect.Array;

/**
 * An array grown by {@code java.lang.reflect.Array.newInstance}, as
 * commons-lang's {@code ArrayUtils.add} grows the varargs of a {@code
 * Validate} message: JDK behaviour (a new array of the given length), not
 * a value of the environment, so its test runs.
 */
public final class Grow {
    private Grow() {}

    /** 1 when {@code values} grown by {@code extra} holds three, the last not null. */
    public static int grown(Object[] values, Object extra) {
        Object[] more = (Object[]) Array.newInstance(Object.class, values.length + 1);
        more[values.length] = extra;
        if (more.length == 3 && more[2] != null) {
            return 1; // TARGET: grown
        }
        return 0;
    }
}
