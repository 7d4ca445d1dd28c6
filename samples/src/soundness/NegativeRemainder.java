package soundness;

// CATEGORY: integers

/**
 * Unreachable: the remainder takes the sign of the dividend, so for x < 0,
 * x % 2 is 0 or -1, never 1 (MIN_VALUE % 2 is 0).
 */
public class NegativeRemainder {
    public static int run(int x) {
        if (x < 0 && x % 2 == 1) {
            return 1; // TARGET EXPECT: unreachable
        }
        return 0;
    }
}
