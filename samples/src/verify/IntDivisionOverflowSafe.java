package verify;

/**
 * The assert cannot fail. Two negative ints divide to a non-negative int
 * unless the dividend is Integer.MIN_VALUE.
 */
// CATEGORY: integers
// EXPECT: safe
public class IntDivisionOverflowSafe {
    public static void main(String[] args) {
        int x = Verifier.nondetInt();
        int y = Verifier.nondetInt();
        if (x < 0 && y < 0 && x != Integer.MIN_VALUE) {
            assert x / y >= 0;
        }
    }
}
