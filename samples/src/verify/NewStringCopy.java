package verify;

/**
 * The assert can fail. A copy of the input has its characters: the input
 * "seventeen-chars!!" (17) fails the assert.
 */
// CATEGORY: strings
// EXPECT: unsafe
public class NewStringCopy {
    public static void main(String[] args) {
        String s = Verifier.nondetString();
        String t = new String(s);
        assert !t.equals("seventeen-chars!!");
    }
}
