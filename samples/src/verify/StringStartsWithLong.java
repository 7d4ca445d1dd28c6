package verify;

/**
 * The assert can fail. A 30-character input starting with the 21-character
 * literal fails the assert.
 */
// CATEGORY: strings
// EXPECT: unsafe
public class StringStartsWithLong {
    public static void main(String[] args) {
        String s = Verifier.nondetString();
        Verifier.assume(s.length() == 30);
        assert !s.startsWith("abcdefghijklmnopqrstu");
    }
}
