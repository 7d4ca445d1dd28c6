package verify;

/**
 * The assert can fail. Math.abs(Long.MIN_VALUE) is Long.MIN_VALUE,
 * negative.
 */
// CATEGORY: integers
// EXPECT: unsafe
public class LongAbsMinValue {
    public static void main(String[] args) {
        long v = Verifier.nondetLong();
        assert Math.abs(v) >= 0;
    }
}
