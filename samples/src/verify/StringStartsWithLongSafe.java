package verify;

/**
 * The assert cannot fail. A string starting with the 21-character literal
 * has its last letter at index 20.
 */
// CATEGORY: strings
// EXPECT: safe
public class StringStartsWithLongSafe {
    public static void main(String[] args) {
        String s = Verifier.nondetString();
        if (s.startsWith("abcdefghijklmnopqrstu")) {
            assert s.length() >= 21 && s.charAt(20) == 'u';
        }
    }
}
