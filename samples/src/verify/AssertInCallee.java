package verify;

/**
 * The assert can fail. The callee's assert fails for 12345.
 */
// CATEGORY: callees
// EXPECT: unsafe
public class AssertInCallee {
    public static void main(String[] args) {
        int x = Verifier.nondetInt();
        check(x);
    }

    private static void check(int x) {
        assert x != 12345;
    }
}
