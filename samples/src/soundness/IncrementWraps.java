package soundness;

// CATEGORY: integers

/** Reachable: x = Integer.MAX_VALUE, whose successor wraps to MIN_VALUE. */
public class IncrementWraps {
    public static int run(int x) {
        int next = x + 1;
        if (next < x) {
            return 1; // TARGET EXPECT: reachable
        }
        return 0;
    }
}
