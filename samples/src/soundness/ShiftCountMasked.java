package soundness;

// CATEGORY: integers

/**
 * Shift distances are taken modulo 32: x << 32 is x. Reachable with any
 * non-zero x (x = 1).
 */
public class ShiftCountMasked {
    public static int run(int x, int by) {
        if (by == 32 && x != 0 && (x << by) == x) {
            return 1; // TARGET EXPECT: reachable
        }
        return 0;
    }
}
