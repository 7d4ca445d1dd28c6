package soundness;

// CATEGORY: calls

/**
 * Reachable: the merged callee's two branches meet before `t.next = a`, so
 * `t` is `a` or `b` by the branch taken, and the store after the join must
 * write the node that branch chose. With `k <= 0`, `t` is `b`, which gets
 * `v = 2` and `next = a`, while `a` keeps its `v`.
 */
public class MergedJoinStore {
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
        t.next = a;
        return t.v;
    }

    public static int run(Node a, Node b, int k) {
        int r = pick(a, b, k);
        if (r == 2 && b.next == a && a != null && a.v == 0) {
            return 1; // TARGET EXPECT: reachable
        }
        return 0;
    }
}
