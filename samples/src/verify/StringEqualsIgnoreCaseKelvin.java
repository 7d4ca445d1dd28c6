package verify;

/**
 * The assert can fail. The Kelvin sign (U+212A) is equal to 'k' and 'K'
 * ignoring case, as its lower case is 'k': "\u212Ailo" fails the assert.
 */
// CATEGORY: strings
// EXPECT: unsafe
public class StringEqualsIgnoreCaseKelvin {
    public static void main(String[] args) {
        String s = Verifier.nondetString();
        if (s.length() == 4 && s.equalsIgnoreCase("kilo")) {
            assert s.charAt(0) == 'k' || s.charAt(0) == 'K' : s;
        }
    }
}
