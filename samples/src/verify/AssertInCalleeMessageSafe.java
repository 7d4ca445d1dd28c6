package verify;

/**
 * The assert cannot fail. A string concatenated with itself has an even
 * length.
 */
// CATEGORY: callees
// EXPECT: safe
public class AssertInCalleeMessageSafe {
    public static void main(String[] args) {
        String s = Verifier.nondetString();
        checkEven(s + s);
    }

    private static void checkEven(String t) {
        assert t.length() % 2 == 0 : "odd: " + t;
    }
}
