package loops;

/**
 * Counter loops (src/search/loop_summary.rs): a head that tests one int
 * local against a loop invariant, a body that only adds invariants to int
 * locals. The search walks back over any number of their iterations in one
 * step; each target needs far more iterations than --max-loop allows
 * unrolling.
 */
public class Counters {
    static int step = 7;

    /** foo of the JAUT paper with a = 10,000: i in (410000, 420000]. */
    public static int fooBig(int i) {
        int j = 0;
        while (i > 0) {
            i = i - 10000;
            j = j + 1;
        }
        if (j == 42) {
            return 1; // TARGET: fooBig
        }
        return 0;
    }

    /** An invariant expression in the head and in the body: (n - 1) * 2n == 60 for n = 6. */
    public static int invariantExpressions(int n) {
        int s = 0;
        for (int i = 0; i < n - 1; i++) {
            s += 2 * n;
        }
        if (s == 60) {
            return 1; // TARGET: invariantExpressions
        }
        return 0;
    }

    /** A loop on `!=` with a step of -1: c counts down i's 1000 iterations. */
    public static int downToZero(int i) {
        int c = 0;
        while (i != 0) {
            i--;
            c++;
        }
        if (c == 1000) {
            return 1; // TARGET: downToZero
        }
        return 0;
    }

    /** A static field as the step (no method but the class initializer writes it): limit in (693, 700]. */
    public static int staticStep(int limit) {
        int i = 0;
        while (i < limit) {
            i += step;
        }
        if (i == 700) {
            return 1; // TARGET: staticStep
        }
        return 0;
    }

    /** Unreachable: counting up by one from 0, i stops at exactly n when n >= 0. */
    public static int exact(int n) {
        int i = 0;
        while (i < n) {
            i++;
        }
        if (n >= 0 && i != n) {
            return 1; // TARGET: exact
        }
        return 0;
    }

    /**
     * The inner loop is a counter loop each time the outer one runs it
     * (the outer one, whose body holds a loop, is unrolled): a = 5,
     * b = 120: 600 iterations of the inner loop in all, past --max-loop.
     */
    public static int nested(int a, int b) {
        if (a < 0 || a > 20) {
            return 0;
        }
        int p = 0;
        for (int i = 0; i < a; i++) {
            for (int j = 0; j < b; j++) {
                p++;
            }
        }
        if (p == 600 && a == 5) {
            return 1; // TARGET: nested
        }
        return 0;
    }
}
