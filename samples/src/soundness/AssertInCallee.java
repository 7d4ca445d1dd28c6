package soundness;

// CATEGORY: assertions

/**
 * Unreachable: the callee's assert, with a message, stops x == 5 before
 * the caller's test.
 */
public class AssertInCallee {
    public static int run(int x) {
        check(x);
        if (x == 5) {
            return 1; // TARGET EXPECT: unreachable
        }
        return 0;
    }

    private static void check(int x) {
        assert x != 5 : "five: " + x;
    }
}
