package verify;

/**
 * The assert cannot fail. indexOf answers a position where the other
 * string occurs.
 */
// CATEGORY: strings
// EXPECT: safe
public class StringIndexOfStringLongSafe {
    public static void main(String[] args) {
        String s = Verifier.nondetString();
        int i = s.indexOf("key");
        if (i == 18) {
            assert s.length() >= 21 && s.startsWith("key", 18);
        }
    }
}
