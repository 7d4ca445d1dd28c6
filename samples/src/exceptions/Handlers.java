package exceptions;

/**
 * Targets inside catch and finally blocks: reached only when an instruction
 * of the try block raises an exception (implicit or thrown), possibly in a
 * callee.
 */
public class Handlers {
    public static int finallyRuns;

    public static class Box {
        public int value;
        public Box next;
    }

    /** The catch block runs only when b is null. */
    public static int npeCaught(Box b) {
        try {
            return b.value + 1;
        } catch (NullPointerException e) {
            return -1; // target: catch NPE
        }
    }

    /** Runs the finally copy of the exceptional path when b.next is null. */
    public static int inFinally(Box b) {
        int r = 0;
        try {
            r = b.next.value;
        } finally {
            finallyRuns++; // target: finally
        }
        return r;
    }

    /** Division by zero, caught. */
    public static int divide(int a, int b) {
        try {
            return a / b;
        } catch (ArithmeticException e) {
            return Integer.MIN_VALUE; // target: catch ArithmeticException
        }
    }

    /** An index outside the array, caught. */
    public static int element(int[] xs, int i) {
        try {
            return xs[i];
        } catch (ArrayIndexOutOfBoundsException e) {
            return -1; // target: catch AIOOBE
        }
    }

    /** An exception thrown by a callee two calls down, caught here. */
    public static int parse(int code) {
        try {
            return check(code + 1);
        } catch (IllegalArgumentException e) {
            return 0; // target: caught from a callee
        }
    }

    static int check(int x) {
        return validate(x * 2);
    }

    static int validate(int y) {
        if (y == 84) {
            throw new IllegalArgumentException("bad code");
        }
        return y;
    }

    /** A class cast that fails. */
    public static int cast(Object o) {
        try {
            Box b = (Box) o;
            return b == null ? 0 : 1;
        } catch (ClassCastException e) {
            return 2; // target: catch ClassCastException
        }
    }

    /** Throws only for a negative count. */
    public static int[] make(int n) {
        return new int[n];
    }

    /** A message built by string concatenation (invokedynamic). */
    public static int checked(int x) {
        if (x > 100) {
            throw new IllegalStateException("too big: " + x);
        }
        return x;
    }

    /** An exception caught by the wrong handler type is never here. */
    public static int neverCaught(Box b) {
        try {
            return b.value;
        } catch (ArithmeticException e) {
            return -7; // unreachable: getfield raises no ArithmeticException
        }
    }
}
