package verify;

/**
 * The assert cannot fail. new String() is the empty string: empty, of
 * length 0, equal to "".
 */
// CATEGORY: strings
// EXPECT: safe
public class NewStringEmptySafe {
    public static void main(String[] args) {
        String t = new String();
        assert t.isEmpty() && t.length() == 0 && t.equals("");
    }
}
