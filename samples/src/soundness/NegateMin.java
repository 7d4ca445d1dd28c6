package soundness;

// CATEGORY: integers

/** Reachable: -MIN_VALUE is MIN_VALUE, the only non-zero int equal to its negation. */
public class NegateMin {
    public static int run(int x) {
        if (x != 0 && -x == x) {
            return 1; // TARGET EXPECT: reachable
        }
        return 0;
    }
}
