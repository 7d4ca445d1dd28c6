package soundness;

// CATEGORY: integers

/** Reachable: two positive ints whose sum wraps, e.g. MAX_VALUE + 1. */
public class PositiveSumNegative {
    public static int run(int a, int b) {
        if (a > 0 && b > 0 && a + b < 0) {
            return 1; // TARGET EXPECT: reachable
        }
        return 0;
    }
}
