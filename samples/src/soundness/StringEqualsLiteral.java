package soundness;

// CATEGORY: strings

/** Reachable: s = "sound". */
public class StringEqualsLiteral {
    public static int run(String s) {
        if (s.equals("sound")) {
            return 1; // TARGET EXPECT: reachable
        }
        return 0;
    }
}
