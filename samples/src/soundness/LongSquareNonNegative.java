package soundness;

// CATEGORY: integers

/**
 * Unreachable: an int widened to long has |y| <= 2^31, so y * y <= 2^62 does
 * not overflow a long and is never negative.
 */
public class LongSquareNonNegative {
    public static int run(int x) {
        long y = x;
        if (y * y < 0L) {
            return 1; // TARGET EXPECT: unreachable
        }
        return 0;
    }
}
