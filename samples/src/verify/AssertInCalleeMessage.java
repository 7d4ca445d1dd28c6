package verify;

/**
 * The assert can fail. The callee's assert fails for an input of 20
 * characters or more (the message concatenates it).
 */
// CATEGORY: callees
// EXPECT: unsafe
public class AssertInCalleeMessage {
    public static void main(String[] args) {
        String s = Verifier.nondetString();
        checkLength(s);
    }

    private static void checkLength(String s) {
        assert s.length() < 20 : "too long: " + s;
    }
}
