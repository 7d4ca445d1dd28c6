package verify;

/**
 * The assert can fail. Infinity minus itself is NaN, not 0, and infinity
 * is not NaN.
 */
// CATEGORY: floats
// EXPECT: unsafe
public class DoubleInfinity {
    public static void main(String[] args) {
        double d = Verifier.nondetDouble();
        assert d - d == 0.0 || Double.isNaN(d);
    }
}
