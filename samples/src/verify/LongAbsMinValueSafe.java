package verify;

/**
 * The assert cannot fail. Every long but Long.MIN_VALUE has a non-negative
 * absolute value.
 */
// CATEGORY: integers
// EXPECT: safe
public class LongAbsMinValueSafe {
    public static void main(String[] args) {
        long v = Verifier.nondetLong();
        if (v > Long.MIN_VALUE) {
            assert Math.abs(v) >= 0;
        }
    }
}
