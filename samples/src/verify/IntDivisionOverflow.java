package verify;

/**
 * The assert can fail. Integer.MIN_VALUE / -1 overflows to
 * Integer.MIN_VALUE, negative.
 */
// CATEGORY: integers
// EXPECT: unsafe
public class IntDivisionOverflow {
    public static void main(String[] args) {
        int x = Verifier.nondetInt();
        int y = Verifier.nondetInt();
        if (x < 0 && y < 0) {
            assert x / y >= 0;
        }
    }
}
