package soundness;

// CATEGORY: integers

/**
 * Integer division rounds toward zero. Reachable with a negative odd x:
 * x = -3 gives -3 / 2 = -1, and -1 * 2 = -2 = x + 1.
 */
public class DivRoundsToZero {
    public static int run(int x) {
        int halved = x / 2;
        if (halved * 2 == x + 1) {
            return 1; // TARGET EXPECT: reachable
        }
        return 0;
    }
}
