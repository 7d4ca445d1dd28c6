package verify;

/**
 * The assert cannot fail. Every int but Integer.MIN_VALUE has a non-
 * negative absolute value.
 */
// CATEGORY: integers
// EXPECT: safe
public class IntAbsMinValueSafe {
    public static void main(String[] args) {
        int x = Verifier.nondetInt();
        if (x != Integer.MIN_VALUE) {
            assert Math.abs(x) >= 0;
        }
    }
}
