package verify;

/**
 * The assert cannot fail. NaN converts to 0 (JLS 5.1.3).
 */
// CATEGORY: floats
// EXPECT: safe
public class DoubleToIntNaNSafe {
    public static void main(String[] args) {
        double d = Verifier.nondetDouble();
        int i = (int) d;
        if (Double.isNaN(d)) {
            assert i == 0;
        }
    }
}
