package soundness;

// CATEGORY: arrays

/**
 * Unreachable: the store throws ArrayIndexOutOfBoundsException for any i
 * outside 0..3, so after it i is in 0..3.
 */
public class ArrayIndexGuard {
    public static int run(int i) {
        int[] t = new int[4];
        t[i] = 5;
        if (i > 3 || i < 0) {
            return 1; // TARGET EXPECT: unreachable
        }
        return t[i];
    }
}
