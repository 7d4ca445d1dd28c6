package verify;

/**
 * The assert cannot fail. The 26-letter literal holds 'z' at index 25 and
 * nowhere before; a string of the input's length plus it is longer than
 * 25.
 */
// CATEGORY: strings
// EXPECT: safe
public class StringLiteralLongSafe {
    public static void main(String[] args) {
        String s = Verifier.nondetString();
        String t = "abcdefghijklmnopqrstuvwxyz";
        assert t.indexOf('z') == 25 && (s + t).length() > 25;
    }
}
