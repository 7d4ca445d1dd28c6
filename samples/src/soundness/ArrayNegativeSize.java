package soundness;

// CATEGORY: arrays

/** Unreachable: new int[x] throws NegativeArraySizeException for x < 0. */
public class ArrayNegativeSize {
    public static int run(int x) {
        int[] t = new int[x];
        if (x < 0) {
            return 1; // TARGET EXPECT: unreachable
        }
        return t.length;
    }
}
