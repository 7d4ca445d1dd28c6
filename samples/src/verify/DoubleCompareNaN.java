package verify;

/**
 * The assert can fail. Double.compare puts NaN above 0.0, though NaN > 0.0
 * is false.
 */
// CATEGORY: floats
// EXPECT: unsafe
public class DoubleCompareNaN {
    public static void main(String[] args) {
        double d = Verifier.nondetDouble();
        assert Double.compare(d, 0.0) <= 0 || d > 0;
    }
}
