package verify;

/**
 * The assert can fail. Inserting the input int's digits at index 18 of a
 * 20-character builder: 7 puts '7' there.
 */
// CATEGORY: builders
// EXPECT: unsafe
public class BuilderInsertLong {
    public static void main(String[] args) {
        int x = Verifier.nondetInt();
        StringBuilder b = new StringBuilder("abcdefghijklmnopqrs!");
        b.insert(18, x);
        assert b.charAt(18) != '7';
    }
}
