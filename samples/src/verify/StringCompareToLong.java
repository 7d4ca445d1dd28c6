package verify;

/**
 * The assert can fail. An 18-character input greater than the literal,
 * e.g. "abcdefghijklmnopqs", fails the assert.
 */
// CATEGORY: strings
// EXPECT: unsafe
public class StringCompareToLong {
    public static void main(String[] args) {
        String s = Verifier.nondetString();
        Verifier.assume(s.length() == 18);
        assert s.compareTo("abcdefghijklmnopqr") <= 0;
    }
}
