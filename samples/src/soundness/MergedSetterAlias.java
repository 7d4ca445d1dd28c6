package soundness;

// CATEGORY: calls

/**
 * Reachable: with a == b the second guarded write overwrites the first
 * (witness: one object passed twice). setMark is merged into one step.
 */
public class MergedSetterAlias {
    static final class Node {
        int mark;
    }

    static void setMark(Node p, int m) {
        if (p != null) {
            p.mark = m;
        }
    }

    public static int run(Node a, Node b) {
        setMark(a, 5);
        setMark(b, 7);
        if (a.mark == 7) {
            return 1; // TARGET EXPECT: reachable
        }
        return 0;
    }
}
