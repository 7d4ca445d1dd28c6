package soundness;

// CATEGORY: calls

/**
 * Unreachable: after rotateLeft(p) with p not null, p's parent is its old
 * right child r, which is not null (else p.right = r.left would have
 * thrown). The merged rotation must keep every path's effect exact.
 */
public class MergedRotationKeepsParent {
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

    public static int run(Node p) {
        if (p != null) {
            rotateLeft(p);
            if (p.parent == null) {
                return 1; // TARGET EXPECT: unreachable
            }
        }
        return 0;
    }
}
