package verify;

/**
 * The assert cannot fail. An ASCII lower-case letter upper-cases to the
 * letter 32 below it.
 */
// CATEGORY: characters
// EXPECT: safe
public class CharToUpperCaseSafe {
    public static void main(String[] args) {
        char c = Verifier.nondetChar();
        if (c >= 'a' && c <= 'z') {
            assert Character.toUpperCase(c) == c - 32;
        }
    }
}
