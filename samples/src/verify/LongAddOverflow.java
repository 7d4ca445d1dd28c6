package verify;

/**
 * The assert can fail. Long.MAX_VALUE + 1 wraps to Long.MIN_VALUE.
 */
// CATEGORY: integers
// EXPECT: unsafe
public class LongAddOverflow {
    public static void main(String[] args) {
        long v = Verifier.nondetLong();
        if (v > 0) {
            assert v + 1 > 0;
        }
    }
}
