package verify;

/**
 * The assert cannot fail. A copy has the characters of its original, at
 * any length.
 */
// CATEGORY: strings
// EXPECT: safe
public class NewStringCopySafe {
    public static void main(String[] args) {
        String s = Verifier.nondetString();
        String t = new String(s);
        assert t.equals(s) && t.length() == s.length();
    }
}
