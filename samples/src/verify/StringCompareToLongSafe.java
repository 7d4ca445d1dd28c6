package verify;

/**
 * The assert cannot fail. compareTo answers 0 exactly for an equal string,
 * at any length.
 */
// CATEGORY: strings
// EXPECT: safe
public class StringCompareToLongSafe {
    public static void main(String[] args) {
        String s = Verifier.nondetString();
        if (s.compareTo("abcdefghijklmnopqr") == 0) {
            assert s.equals("abcdefghijklmnopqr");
        }
    }
}
