package soundness;

// CATEGORY: strings

/** Reachable: n = -5 appends as "-5". */
public class BuilderNegative {
    public static int run(int n) {
        String s = new StringBuilder().append('[').append(n).append(']').toString();
        if (s.equals("[-5]")) {
            return 1; // TARGET EXPECT: reachable
        }
        return 0;
    }
}
