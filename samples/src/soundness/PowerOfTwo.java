package soundness;

// CATEGORY: integers

/**
 * Unreachable: a positive x with x & -x == x has a single bit set, so
 * x & (x - 1) is 0.
 */
public class PowerOfTwo {
    public static int run(int x) {
        if (x > 0 && (x & -x) == x && (x & (x - 1)) != 0) {
            return 1; // TARGET EXPECT: unreachable
        }
        return 0;
    }
}
