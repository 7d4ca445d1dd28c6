package soundness;

// CATEGORY: integers

/** Reachable: Math.abs(Integer.MIN_VALUE) is MIN_VALUE, negative. */
public class AbsNegative {
    public static int run(int x) {
        if (Math.abs(x) < 0) {
            return 1; // TARGET EXPECT: reachable
        }
        return 0;
    }
}
