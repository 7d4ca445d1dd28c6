package verify;

/**
 * The assert cannot fail. indexOf answers a position holding the char,
 * inside the string.
 */
// CATEGORY: strings
// EXPECT: safe
public class StringIndexOfLongSafe {
    public static void main(String[] args) {
        String s = Verifier.nondetString();
        int i = s.indexOf('#');
        if (i >= 20) {
            assert s.charAt(i) == '#' && s.length() > 20;
        }
    }
}
