package verify;

/**
 * The assert can fail. An input of 25 characters or more with "xyz" at
 * index 18 fails the assert.
 */
// CATEGORY: strings
// EXPECT: unsafe
public class StringSubstringLong {
    public static void main(String[] args) {
        String s = Verifier.nondetString();
        Verifier.assume(s.length() >= 25);
        assert !s.substring(18, 21).equals("xyz");
    }
}
