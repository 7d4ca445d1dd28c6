package soundness;

// CATEGORY: recursion

/**
 * Unreachable: depth(n) is 0 outside 1..2, depth(1) = 1 + depth(0) = 1 and
 * depth(2) = 1 + depth(1) = 2; it never returns 3.
 */
public class RecursiveDepth {
    static int depth(int n) {
        if (n <= 0 || n > 2) {
            return 0;
        }
        return 1 + depth(n - 1);
    }

    public static int run(int x) {
        if (depth(x) == 3) {
            return 1; // TARGET EXPECT: unreachable
        }
        return 0;
    }
}
