package soundness;

// CATEGORY: assertions

/**
 * Reachable: a negative x fails the assert (its message an int), and the
 * AssertionError is caught.
 */
public class AssertCaught {
    public static int run(int x) {
        try {
            assert x >= 0 : x;
        } catch (AssertionError e) {
            return 1; // TARGET EXPECT: reachable
        }
        return 0;
    }
}
