package verify;

/**
 * The assert can fail. Two trues and an int of 3 fail the assert.
 */
// CATEGORY: mixed
// EXPECT: unsafe
public class BooleanChain {
    public static void main(String[] args) {
        boolean a = Verifier.nondetBoolean();
        boolean b = Verifier.nondetBoolean();
        int x = Verifier.nondetInt();
        assert !(a && b && x == 3);
    }
}
