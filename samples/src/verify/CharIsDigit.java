package verify;

/**
 * The assert can fail. '7' is a digit: it fails the assert.
 */
// CATEGORY: characters
// EXPECT: unsafe
public class CharIsDigit {
    public static void main(String[] args) {
        char c = Verifier.nondetChar();
        assert !Character.isDigit(c) || c != '7';
    }
}
