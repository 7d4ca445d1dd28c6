package verify;

/**
 * The assert cannot fail. substring(18, 21) has three characters, the last
 * one the string's at index 20.
 */
// CATEGORY: strings
// EXPECT: safe
public class StringSubstringLongSafe {
    public static void main(String[] args) {
        String s = Verifier.nondetString();
        Verifier.assume(s.length() >= 25);
        String t = s.substring(18, 21);
        assert t.length() == 3 && t.charAt(2) == s.charAt(20);
    }
}
