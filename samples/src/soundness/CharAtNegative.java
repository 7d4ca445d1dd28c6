package soundness;

// CATEGORY: strings

/** Unreachable: charAt with a negative index throws. */
public class CharAtNegative {
    public static int run(String s, int i) {
        if (s.charAt(i) == 'a' && i < 0) {
            return 1; // TARGET EXPECT: unreachable
        }
        return 0;
    }
}
