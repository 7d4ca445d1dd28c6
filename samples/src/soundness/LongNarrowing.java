package soundness;

// CATEGORY: integers

/** Reachable: y = 2^32 narrows to the int 0. */
public class LongNarrowing {
    public static int run(long y) {
        int low = (int) y;
        if (y != 0L && low == 0) {
            return 1; // TARGET EXPECT: reachable
        }
        return low;
    }
}
