package verify;

/**
 * The assert cannot fail. No character but 'e' and 'E' is equal to 'e'
 * ignoring case (unlike 'k', 'i' and 's', which have partners past
 * ASCII).
 */
// CATEGORY: strings
// EXPECT: safe
public class StringEqualsIgnoreCaseKelvinSafe {
    public static void main(String[] args) {
        String s = Verifier.nondetString();
        if (s.length() == 4 && s.equalsIgnoreCase("eeee")) {
            assert s.charAt(2) == 'e' || s.charAt(2) == 'E' : s;
        }
    }
}
