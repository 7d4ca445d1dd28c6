package soundness;

// CATEGORY: calls

/**
 * Unreachable: with `k > 0` the merged callee writes `a.v = 1` and returns
 * `a.v` through the local `t` the two branches join on, so it returns 1.
 * The store of the other branch (`b.v = 2`) must not leak into this run,
 * even when `a` and `b` are one node.
 */
public class MergedJoinExact {
    static final class Node {
        Node next;
        int v;
    }

    static int pick(Node a, Node b, int k) {
        Node t;
        if (k > 0) {
            t = a;
            a.v = 1;
        } else {
            t = b;
            b.v = 2;
        }
        t.next = b;
        return t.v;
    }

    public static int run(Node a, Node b, int k) {
        int r = pick(a, b, k);
        if (r == 2 && k > 0) {
            return 1; // TARGET EXPECT: unreachable
        }
        return 0;
    }
}
