package verify;

/**
 * The assert cannot fail. Twenty appends of one char make twenty
 * characters, all that char.
 */
// CATEGORY: builders
// EXPECT: safe
public class BuilderLoopSafe {
    public static void main(String[] args) {
        char c = Verifier.nondetChar();
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 20; i++) {
            b.append(c);
        }
        assert b.length() == 20 && b.charAt(19) == c;
    }
}
