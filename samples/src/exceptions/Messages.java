package exceptions;

/**
 * Exceptions whose messages a test may or may not assert: the JVM's own
 * (a null dereference, a division by zero) change with instrumentation and
 * the JIT; a message the program builds is part of its behaviour.
 */
public class Messages {
    public static int length(String s) {
        return s.length();
    }

    public static int divide(int a, int b) {
        return a / b;
    }

    public static int checked(int x) {
        if (x < 0) {
            throw new IllegalArgumentException("negative: " + x);
        }
        return x;
    }
}
