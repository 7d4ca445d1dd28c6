package verify;

/**
 * The assert can fail: every int has a binary form of at least one digit.
 * The search does not follow {@code Integer.toString(int, radix)} for a
 * radix other than 10, so the failing state rests on a result the model
 * leaves free, and only the replay makes it "reached".
 */
// CATEGORY: integers
// EXPECT: unsafe
public class IntegerToStringRadix {
    public static void main(String[] args) {
        int x = Verifier.nondetInt();
        String s = Integer.toString(x, 2);
        assert s.isEmpty();
    }
}
