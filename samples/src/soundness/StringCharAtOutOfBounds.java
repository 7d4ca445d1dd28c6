package soundness;

// CATEGORY: strings

/**
 * Unreachable: for a string of length 2, charAt(2) throws
 * StringIndexOutOfBoundsException before the comparison completes.
 */
public class StringCharAtOutOfBounds {
    public static int run(String s) {
        if (s.length() == 2 && s.charAt(2) == 'x') {
            return 1; // TARGET EXPECT: unreachable
        }
        return 0;
    }
}
