package verify;

/**
 * The assert can fail. Any case variant of the 25-character literal, e.g.
 * "verification-of-java-code", fails the assert.
 */
// CATEGORY: strings
// EXPECT: unsafe
public class StringEqualsIgnoreCaseLong {
    public static void main(String[] args) {
        String s = Verifier.nondetString();
        assert !s.equalsIgnoreCase("Verification-Of-Java-Code");
    }
}
