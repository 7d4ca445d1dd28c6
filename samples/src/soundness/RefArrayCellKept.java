package soundness;

// CATEGORY: arrays

/**
 * Unreachable: a store to `a[1]` leaves `a[0]`, so
 * `a[0]` still holds `x`.
 */
public class RefArrayCellKept {
    public static int run(Object[] a, Object x, Object y) {
        a[0] = x;
        a[1] = y;
        if (a[0] != x) {
            return 1; // TARGET EXPECT: unreachable
        }
        return 0;
    }
}
