package soundness;

// CATEGORY: arrays

/**
 * Unreachable: a new array's elements are 0 (and a length too large for the
 * heap throws OutOfMemoryError first).
 */
public class ArrayFreshZero {
    public static int run(int n) {
        if (n <= 0) {
            return 0;
        }
        int[] t = new int[n];
        if (t[n - 1] != 0) {
            return 1; // TARGET EXPECT: unreachable
        }
        return t.length;
    }
}
