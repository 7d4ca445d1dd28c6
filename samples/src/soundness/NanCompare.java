package soundness;

// CATEGORY: floats

/** Unreachable: no double is both not less than and not greater than or equal to 1.0 unless NaN, and NaN is excluded. */
public class NanCompare {
    public static int run(double x) {
        if (!(x < 1.0) && !(x >= 1.0) && x == x) {
            return 1; // TARGET EXPECT: unreachable
        }
        return 0;
    }
}
