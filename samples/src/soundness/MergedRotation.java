package soundness;

// CATEGORY: calls

/**
 * Reachable: rotating p makes its right child r take p's parent, so when
 * q is r and p is a root, q's parent becomes null (witness: p with
 * p.parent == null and p.right == q, q.parent == p). The rotation has
 * several paths with writes to three fields; it is merged into one step.
 */
public class MergedRotation {
    static final class Node {
        Node left;
        Node right;
        Node parent;
    }

    static void rotateLeft(Node p) {
        if (p != null) {
            Node r = p.right;
            p.right = r.left;
            if (r.left != null) {
                r.left.parent = p;
            }
            r.parent = p.parent;
            r.left = p;
            p.parent = r;
        }
    }

    public static int run(Node p, Node q) {
        if (q.parent != null) {
            rotateLeft(p);
            if (q.parent == null) {
                return 1; // TARGET EXPECT: reachable
            }
        }
        return 0;
    }
}
