package verify;

/**
 * The assert cannot fail. Only the 25-character literal equals it, so the
 * input has 25 characters.
 */
// CATEGORY: strings
// EXPECT: safe
public class StringEqualsLongSafe {
    public static void main(String[] args) {
        String s = Verifier.nondetString();
        if (s.equals("the quick brown fox jumps")) {
            assert s.length() == 25;
        }
    }
}
