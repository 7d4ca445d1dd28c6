package soundness;

// CATEGORY: contracts

/**
 * A loop too long for the search's loop bound, described instead by a
 * contract (samples/contracts/soundness.toml: result == a * b). Reachable:
 * b = 300, a = 3 (the loop runs 300 times in the JVM).
 */
public class SlowMul {
    static int slowMul(int a, int b) {
        int r = 0;
        for (int i = 0; i < b; i++) {
            r += a;
        }
        return r;
    }

    public static int run(int a, int b) {
        if (b == 300 && slowMul(a, b) == 900) {
            return 1; // TARGET EXPECT: reachable
        }
        return 0;
    }
}
