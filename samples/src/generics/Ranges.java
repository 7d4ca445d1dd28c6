package generics;

/**
 * A generic method overloaded with a primitive one (commons-lang3
 * Validate.exclusiveBetween's shape): a test passing null where only the
 * generic overload takes a reference writes a bare null, so javac infers
 * the type variable from the other arguments.
 */
public class Ranges {
    public static <T> int between(T start, T end, Comparable<T> value) {
        if (end == null && value != null) {
            return 1;
        }
        return 0;
    }

    public static int between(long start, long end, long value) {
        return start < value && value < end ? 1 : 0;
    }
}
