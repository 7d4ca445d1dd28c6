package soundness;

// CATEGORY: strings

/** Reachable: a three-letter palindrome with a different middle, e.g. "aba". */
public class StringPalindrome {
    public static int run(String s) {
        if (s.length() == 3 && s.charAt(0) == s.charAt(2) && s.charAt(0) != s.charAt(1)) {
            return 1; // TARGET EXPECT: reachable
        }
        return 0;
    }
}
