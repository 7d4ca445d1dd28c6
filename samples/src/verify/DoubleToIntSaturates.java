package verify;

/**
 * The assert can fail. A double of 2^31 or more converts to
 * Integer.MAX_VALUE (JLS 5.1.3).
 */
// CATEGORY: floats
// EXPECT: unsafe
public class DoubleToIntSaturates {
    public static void main(String[] args) {
        double d = Verifier.nondetDouble();
        int i = (int) d;
        assert i != Integer.MAX_VALUE;
    }
}
