package verify;

/**
 * The assert can fail. The input "tail" makes the 22-character
 * concatenation equal to the literal.
 */
// CATEGORY: strings
// EXPECT: unsafe
public class StringConcatLong {
    public static void main(String[] args) {
        String s = Verifier.nondetString();
        String t = "prefix-0123456789-".concat(s);
        assert !t.equals("prefix-0123456789-tail");
    }
}
