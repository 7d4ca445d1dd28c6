package verify;

/**
 * The assert cannot fail. reverse() keeps the length.
 */
// CATEGORY: builders
// EXPECT: safe
public class BuilderReverseLengthSafe {
    public static void main(String[] args) {
        String s = Verifier.nondetString();
        String r = new StringBuilder(s).reverse().toString();
        assert r.length() == s.length();
    }
}
