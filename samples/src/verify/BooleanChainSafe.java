package verify;

/**
 * The assert cannot fail. A boolean is true or false.
 */
// CATEGORY: mixed
// EXPECT: safe
public class BooleanChainSafe {
    public static void main(String[] args) {
        boolean a = Verifier.nondetBoolean();
        boolean b = a ? false : true;
        assert a != b;
    }
}
