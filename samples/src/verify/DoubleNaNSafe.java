package verify;

/**
 * The assert cannot fail. A double equal to itself is not NaN.
 */
// CATEGORY: floats
// EXPECT: safe
public class DoubleNaNSafe {
    public static void main(String[] args) {
        double d = Verifier.nondetDouble();
        if (d == d) {
            assert !Double.isNaN(d);
        }
    }
}
