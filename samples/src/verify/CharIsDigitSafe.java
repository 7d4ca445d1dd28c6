package verify;

/**
 * The assert cannot fail. The only ASCII digits are '0' to '9'.
 */
// CATEGORY: characters
// EXPECT: safe
public class CharIsDigitSafe {
    public static void main(String[] args) {
        char c = Verifier.nondetChar();
        if (Character.isDigit(c) && c < 128) {
            assert c >= '0' && c <= '9';
        }
    }
}
