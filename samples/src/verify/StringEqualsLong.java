package verify;

/**
 * The assert can fail. The input equal to the 25-character literal fails
 * the assert.
 */
// CATEGORY: strings
// EXPECT: unsafe
public class StringEqualsLong {
    public static void main(String[] args) {
        String s = Verifier.nondetString();
        assert !s.equals("the quick brown fox jumps");
    }
}
