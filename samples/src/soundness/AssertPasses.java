package soundness;

// CATEGORY: assertions

/** Reachable: x = 42 passes the assert (42 > 10) and meets the test. */
public class AssertPasses {
    public static int run(int x) {
        assert x > 10 : "small: " + x;
        if (x == 42) {
            return 1; // TARGET EXPECT: reachable
        }
        return 0;
    }
}
