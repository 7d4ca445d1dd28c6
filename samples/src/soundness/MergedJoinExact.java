package soundness;

// CATEGORY: calls

/**
 * Unreachable: with `k > 0` the merged callee `MergedJoinStore.pick` writes
 * `a.v = 1` and returns `a.v` through the local `t` its two branches join
 * on, so it returns 1. The store of the other branch (`b.v = 2`) must not
 * leak into this run, even when `a` and `b` are one node.
 */
public class MergedJoinExact {
    public static int run(MergedJoinStore.Node a, MergedJoinStore.Node b, int k) {
        int r = MergedJoinStore.pick(a, b, k);
        if (r == 2 && k > 0) {
            return 1; // TARGET EXPECT: unreachable
        }
        return 0;
    }
}
