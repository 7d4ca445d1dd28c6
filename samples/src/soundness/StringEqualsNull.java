package soundness;

// CATEGORY: strings

/** Unreachable: s.equals(null) is false (and a null s throws). */
public class StringEqualsNull {
    public static int run(String s, String t) {
        if (t == null && s.equals(t)) {
            return 1; // TARGET EXPECT: unreachable
        }
        return 0;
    }
}
