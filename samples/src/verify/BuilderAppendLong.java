package verify;

/**
 * The assert can fail. The 17th character is the input char: 'x' fails the
 * assert.
 */
// CATEGORY: builders
// EXPECT: unsafe
public class BuilderAppendLong {
    public static void main(String[] args) {
        char c = Verifier.nondetChar();
        StringBuilder b = new StringBuilder("0123456789abcdef");
        b.append(c);
        assert b.toString().charAt(16) != 'x';
    }
}
