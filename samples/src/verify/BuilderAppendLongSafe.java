package verify;

/**
 * The assert cannot fail. Appending a char to 16 characters makes 17, the
 * last one that char.
 */
// CATEGORY: builders
// EXPECT: safe
public class BuilderAppendLongSafe {
    public static void main(String[] args) {
        char c = Verifier.nondetChar();
        StringBuilder b = new StringBuilder("0123456789abcdef");
        b.append(c);
        assert b.length() == 17 && b.charAt(16) == c;
    }
}
