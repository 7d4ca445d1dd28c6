package soundness;

// CATEGORY: contracts

/**
 * The same loop, described by a contract (samples/contracts/soundness.toml).
 * Unreachable: 400 * a is even modulo 2^32, 7 is odd.
 */
public class SlowMulEven {
    static int slowMul(int a, int b) {
        int r = 0;
        for (int i = 0; i < b; i++) {
            r += a;
        }
        return r;
    }

    public static int run(int a, int b) {
        if (b == 400 && slowMul(a, b) == 7) {
            return 1; // TARGET EXPECT: unreachable
        }
        return 0;
    }
}
