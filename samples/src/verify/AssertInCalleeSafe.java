package verify;

/**
 * The assert cannot fail. Twice any int is even, so the callee's assert
 * holds.
 */
// CATEGORY: callees
// EXPECT: safe
public class AssertInCalleeSafe {
    public static void main(String[] args) {
        int x = Verifier.nondetInt();
        checkEven(x * 2);
    }

    private static void checkEven(int x) {
        assert (x & 1) == 0 : "odd: " + x;
    }
}
