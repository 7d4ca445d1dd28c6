package soundness;

// CATEGORY: contracts

/** Unreachable for every value the environment gives: x & 0xFF is 0 to 255. */
public class NondetRange {
    public static int run() {
        int x = Env.nondet();
        int low = x & 0xFF;
        if (low > 255) {
            return 1; // TARGET EXPECT: unreachable
        }
        return low;
    }
}
