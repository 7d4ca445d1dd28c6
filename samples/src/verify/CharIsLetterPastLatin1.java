package verify;

/**
 * The assert can fail. Many chars past Latin-1 are letters (U+0100, Latin
 * capital A with macron).
 */
// CATEGORY: characters
// EXPECT: unsafe
public class CharIsLetterPastLatin1 {
    public static void main(String[] args) {
        char c = Verifier.nondetChar();
        Verifier.assume(c > 255);
        assert !Character.isLetter(c);
    }
}
