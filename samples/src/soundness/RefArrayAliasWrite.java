package soundness;

// CATEGORY: arrays

/**
 * Reachable only through aliasing of arrays of references: `a == b`, so
 * the second store overwrites the first (the cells of an `Object[]` hold
 * references, which the solver holds as integers).
 */
public class RefArrayAliasWrite {
    public static int run(Object[] a, Object[] b, Object x, Object y) {
        a[0] = x;
        b[0] = y;
        if (a[0] == y && x != y) {
            return 1; // TARGET EXPECT: reachable
        }
        return 0;
    }
}
