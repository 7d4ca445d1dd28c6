package verify;

/**
 * The assert can fail. The input "abcdefghijklmnopqrs" (19 characters)
 * upper-cases to the literal.
 */
// CATEGORY: strings
// EXPECT: unsafe
public class StringToUpperCaseLong {
    public static void main(String[] args) {
        String s = Verifier.nondetString();
        assert !s.toUpperCase().equals("ABCDEFGHIJKLMNOPQRS");
    }
}
