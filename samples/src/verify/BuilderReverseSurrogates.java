package verify;

/**
 * The assert can fail. reverse() keeps a surrogate pair in order (JDK
 * AbstractStringBuilder.reverse): for the input U+D800 U+DC00 (a surrogate
 * pair) the first character stays the high surrogate, not the input's
 * second character.
 */
// CATEGORY: builders
// EXPECT: unsafe
public class BuilderReverseSurrogates {
    public static void main(String[] args) {
        String s = Verifier.nondetString();
        Verifier.assume(s.length() == 2);
        String r = new StringBuilder(s).reverse().toString();
        assert r.charAt(0) == s.charAt(1);
    }
}
