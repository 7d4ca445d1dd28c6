package verify;

/**
 * The assert can fail. An input whose first "key" is at index 18 fails the
 * assert.
 */
// CATEGORY: strings
// EXPECT: unsafe
public class StringIndexOfStringLong {
    public static void main(String[] args) {
        String s = Verifier.nondetString();
        assert s.indexOf("key") != 18;
    }
}
