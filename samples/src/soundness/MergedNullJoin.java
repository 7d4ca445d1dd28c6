package soundness;

// CATEGORY: calls

/**
 * Unreachable: the merged callee `orNull` joins `null` (a constant) with
 * its argument; with `k <= 0` it returns `n`, which is not null.
 */
public class MergedNullJoin {
    static Object orNull(Object n, int k) {
        return k > 0 ? null : n;
    }

    public static int run(Object n, int k) {
        Object m = orNull(n, k);
        if (m == null && k <= 0 && n != null) {
            return 1; // TARGET EXPECT: unreachable
        }
        return 0;
    }
}
