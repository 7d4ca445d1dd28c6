package verify;

/**
 * The assert cannot fail. Double.compare agrees with < for a double below
 * 0.0 (no NaN is).
 */
// CATEGORY: floats
// EXPECT: safe
public class DoubleCompareSafe {
    public static void main(String[] args) {
        double d = Verifier.nondetDouble();
        if (d < 0.0) {
            assert Double.compare(d, 0.0) < 0;
        }
    }
}
