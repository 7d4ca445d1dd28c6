package verify;

/**
 * The assert can fail. An input whose first '#' is at index 20 or later
 * fails the assert.
 */
// CATEGORY: strings
// EXPECT: unsafe
public class StringIndexOfLong {
    public static void main(String[] args) {
        String s = Verifier.nondetString();
        assert s.indexOf('#') < 20;
    }
}
