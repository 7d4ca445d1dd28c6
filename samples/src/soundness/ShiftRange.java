package soundness;

// CATEGORY: integers

/** Unreachable: an unsigned shift by 28 leaves the top 4 bits, 0 to 15. */
public class ShiftRange {
    public static int run(int x) {
        int top = x >>> 28;
        if (top > 15) {
            return 1; // TARGET EXPECT: unreachable
        }
        return top;
    }
}
