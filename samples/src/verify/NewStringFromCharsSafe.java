package verify;

/**
 * The assert cannot fail. The string has the array's 20 characters: 'a' at
 * index 18, whatever the last one.
 */
// CATEGORY: strings
// EXPECT: safe
public class NewStringFromCharsSafe {
    public static void main(String[] args) {
        char c = Verifier.nondetChar();
        char[] chars = new char[20];
        java.util.Arrays.fill(chars, 'a');
        chars[19] = c;
        String t = new String(chars);
        assert t.length() == 20 && t.charAt(18) == 'a';
    }
}
