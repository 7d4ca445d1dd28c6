package soundness;

// CATEGORY: integers

/**
 * Unreachable: x % -1 is 0 for every x, MIN_VALUE included (JLS 15.17.3:
 * no exception, and the result is 0).
 */
public class RemMinusOne {
    public static int run(int x, int y) {
        if (y == -1 && x % y != 0) {
            return 1; // TARGET EXPECT: unreachable
        }
        return 0;
    }
}
