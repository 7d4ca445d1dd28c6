package verify;

/**
 * The assert can fail. The 20-character string built from the array ends
 * with the input char: 'z' fails the assert.
 */
// CATEGORY: strings
// EXPECT: unsafe
public class NewStringFromChars {
    public static void main(String[] args) {
        char c = Verifier.nondetChar();
        char[] chars = new char[20];
        java.util.Arrays.fill(chars, 'a');
        chars[19] = c;
        String t = new String(chars);
        assert t.charAt(19) != 'z';
    }
}
