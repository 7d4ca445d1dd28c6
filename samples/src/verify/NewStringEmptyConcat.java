package verify;

/**
 * The assert can fail. new String() is empty, so the input "seventeen-
 * chars!!" makes the concatenation equal to the 17-character literal.
 */
// CATEGORY: strings
// EXPECT: unsafe
public class NewStringEmptyConcat {
    public static void main(String[] args) {
        String s = Verifier.nondetString();
        String t = new String() + s;
        assert !t.equals("seventeen-chars!!");
    }
}
