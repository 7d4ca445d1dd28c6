package verify;

/**
 * The assert can fail. 'q' upper-cases to 'Q' and is not 'Q'.
 */
// CATEGORY: characters
// EXPECT: unsafe
public class CharToUpperCase {
    public static void main(String[] args) {
        char c = Verifier.nondetChar();
        assert Character.toUpperCase(c) != 'Q' || c == 'Q';
    }
}
