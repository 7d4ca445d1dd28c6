package verify;

/**
 * The assert cannot fail. No Latin-1 letter is whitespace.
 */
// CATEGORY: characters
// EXPECT: safe
public class CharIsLetterSafe {
    public static void main(String[] args) {
        char c = Verifier.nondetChar();
        if (c < 256 && Character.isLetter(c)) {
            assert !Character.isWhitespace(c);
        }
    }
}
