package credit;

/**
 * Runs that end in exceptions, for JaCoCo's rule of what a run covers: an
 * instruction counts only when a probe after it runs (issue 15).
 */
public class Crash {
    /** Every run through the branch's body ends in the JVM's NullPointerException. */
    public static int crash(int i) {
        int r = i + 1;
        if (i > 3) {
            r = r * 2;
            Object o = null;
            r = r + o.hashCode();
        }
        return r;
    }

    /** The exception comes out of a callee. */
    public static int viaCallee(int i) {
        int r = i;
        if (i > 0) {
            r = r + 1;
            r = r + boom(r);
        }
        return r;
    }

    static int boom(int i) {
        throw new IllegalStateException("boom " + i);
    }

    /** An exception the method throws itself: a probe precedes the athrow. */
    public static int checked(int i) {
        if (i < 0) {
            throw new IllegalArgumentException("negative");
        }
        return i;
    }

    /** A caught exception: the call that raised it is not credited. */
    public static int parse(String s, int d) {
        if (s == null) {
            return d;
        }
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            return d;
        }
    }

    /** A division the search can keep from failing. */
    public static int divide(int a, int b) {
        int q = 0;
        if (a > 10) {
            q = a / b;
        }
        return q;
    }
}
