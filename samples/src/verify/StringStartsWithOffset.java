package verify;

/**
 * The assert can fail. A six-character string with "ab" at index 4 and an
 * 'x' before it, e.g. "aaaxab", fails the assert.
 */
// CATEGORY: strings
// EXPECT: unsafe
public class StringStartsWithOffset {
    public static void main(String[] args) {
        String s = Verifier.nondetString();
        if (s.length() == 6 && s.startsWith("ab", 4)) {
            assert s.charAt(3) != 'x' : s;
        }
    }
}
