package verify;

/**
 * The assert cannot fail. A double above Double.MAX_VALUE is positive
 * infinity.
 */
// CATEGORY: floats
// EXPECT: safe
public class DoubleInfinitySafe {
    public static void main(String[] args) {
        double d = Verifier.nondetDouble();
        if (d > Double.MAX_VALUE) {
            assert Double.isInfinite(d);
        }
    }
}
