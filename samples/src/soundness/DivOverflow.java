package soundness;

// CATEGORY: integers

/** Reachable: MIN_VALUE / -1 overflows to MIN_VALUE without an exception. */
public class DivOverflow {
    public static int run(int x, int y) {
        if (y == -1 && x != 0 && x / y == x) {
            return 1; // TARGET EXPECT: reachable
        }
        return 0;
    }
}
