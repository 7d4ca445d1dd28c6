package soundness;

// CATEGORY: floats

/** Reachable: x + 1.0 == x for x = 2^53 (rounding), never for small x. */
public class FloatSumRounds {
    public static int run(double x) {
        if (x + 1.0 == x && x < 1e300) {
            return 1; // TARGET EXPECT: reachable
        }
        return 0;
    }
}
