package verify;

/**
 * The assert cannot fail. A string equal to the 25-character literal
 * ignoring case has its length, and its '-' (a character with no case) at
 * index 20.
 */
// CATEGORY: strings
// EXPECT: safe
public class StringEqualsIgnoreCaseLongSafe {
    public static void main(String[] args) {
        String s = Verifier.nondetString();
        if (s.equalsIgnoreCase("Verification-Of-Java-Code")) {
            assert s.length() == 25 && s.charAt(20) == '-';
        }
    }
}
