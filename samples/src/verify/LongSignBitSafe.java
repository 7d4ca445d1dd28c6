package verify;

/**
 * The assert cannot fail. The top bit of a long is set exactly when it is
 * negative.
 */
// CATEGORY: integers
// EXPECT: safe
public class LongSignBitSafe {
    public static void main(String[] args) {
        long v = Verifier.nondetLong();
        assert ((v >>> 63) == 1) == (v < 0);
    }
}
