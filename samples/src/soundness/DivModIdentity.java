package soundness;

// CATEGORY: integers

/**
 * Unreachable: (x / 3) * 3 + x % 3 == x for every int (JLS 15.17.3), also
 * with wrap-around.
 */
public class DivModIdentity {
    public static int run(int x) {
        if ((x / 3) * 3 + x % 3 != x) {
            return 1; // TARGET EXPECT: unreachable
        }
        return 0;
    }
}
