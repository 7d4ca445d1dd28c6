package exceptions;

/**
 * Exceptions whose messages a test may or may not assert: the JVM's own
 * (a null dereference, a division by zero) change with instrumentation and
 * the JIT; a message the program builds is part of its behaviour.
 */
public class Messages {
    /** The handler runs only when the JVM raised the exception. */
    public static int length(String s) {
        try {
            return s.length();
        } catch (NullPointerException e) {
            throw e;
        }
    }

    /** As {@link #length}, for a division by zero. */
    public static int divide(int a, int b) {
        try {
            return a / b;
        } catch (ArithmeticException e) {
            throw e;
        }
    }

    public static int checked(int x) {
        if (x < 0) {
            throw new IllegalArgumentException("negative: " + x);
        }
        return x;
    }
}
