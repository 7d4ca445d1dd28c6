package concolic;

/**
 * Targets for the forward, concolic search (src/concolic): each is reached
 * only through a feature its interpreter must model as the JVM does — an
 * exception caught in the method, an array indexed by an input, long and
 * narrowing arithmetic, a switch, a recursive call — and behind a loop
 * whose count the inputs decide.
 */
public class Forward {

    /** Division by zero, caught: the target needs the handler to run. */
    public static int divides(int a, int b) {
        int r;
        try {
            r = a / b;
        } catch (ArithmeticException e) {
            r = -1;
        }
        if (r == -1 && a == 7) {
            return 1; // TARGET: divides
        }
        return 0;
    }

    /** An array sized and indexed by inputs; out of bounds is caught. */
    public static int indexes(int n, int k) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i * i;
        }
        try {
            if (a[k] == 49 && n == 12) {
                return 1; // TARGET: indexes
            }
        } catch (ArrayIndexOutOfBoundsException e) {
            return -1;
        }
        return 0;
    }

    /** Long arithmetic and a narrowing cast. */
    public static int widens(long x, int y) {
        long p = x * 1000L + y;
        byte low = (byte) p;
        if (p == 123_456_789_012L && low == (byte) 20) {
            return 1; // TARGET: widens
        }
        return 0;
    }

    /** A switch on a value a loop computes. */
    public static int switches(int n) {
        int s = 0;
        for (int i = 0; i < n; i++) {
            s += 3;
        }
        switch (s) {
            case 30:
                return 1; // TARGET: switches
            case 60:
                return 2;
            default:
                return 0;
        }
    }

    /** A recursive helper: 1 + 2 + ... + n. */
    public static int recurses(int n) {
        if (triangle(n) == 55) {
            return 1; // TARGET: recurses
        }
        return 0;
    }

    private static int triangle(int n) {
        if (n <= 0) {
            return 0;
        }
        return n + triangle(n - 1);
    }

    /**
     * A value built by a hundred thousand additions of an input: its term
     * would be that deep, so the interpreter keeps it concrete past a depth.
     */
    public static int deep(int a) {
        int x = 0;
        for (int k = 0; k < 100_000; k++) {
            x += a;
        }
        if (x == 300_000) {
            return 1; // TARGET: deep
        }
        return 0;
    }

    /** Reads a static field its class initializer sets. */
    public static int readsStatic(int n) {
        if (n == limit) {
            return 1; // TARGET: readsStatic
        }
        return 0;
    }

    static int limit = 5;

    /** Reads a JDK static field: the interpreter says so and stops. */
    public static int readsJdkStatic(int n) {
        if (n == java.time.DayOfWeek.WEDNESDAY.ordinal()) {
            return 1; // TARGET: readsJdkStatic
        }
        return 0;
    }
}
