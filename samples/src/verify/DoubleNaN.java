package verify;

/**
 * The assert can fail. NaN is not equal to itself.
 */
// CATEGORY: floats
// EXPECT: unsafe
public class DoubleNaN {
    public static void main(String[] args) {
        double d = Verifier.nondetDouble();
        assert d == d;
    }
}
