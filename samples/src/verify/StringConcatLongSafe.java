package verify;

/**
 * The assert cannot fail. A concatenation is as long as its parts
 * together, and keeps the 18-character prefix's last '-'.
 */
// CATEGORY: strings
// EXPECT: safe
public class StringConcatLongSafe {
    public static void main(String[] args) {
        String s = Verifier.nondetString();
        String t = "prefix-0123456789-".concat(s);
        assert t.length() == s.length() + 18 && t.charAt(17) == '-';
    }
}
