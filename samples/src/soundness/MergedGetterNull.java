package soundness;

// CATEGORY: calls

/**
 * Unreachable: leftOf(null) is null. leftOf has two paths, which the search
 * merges into one step (src/search/merge.rs); the proof must still hold.
 */
public class MergedGetterNull {
    static final class Node {
        Node left;
    }

    static Node leftOf(Node p) {
        return p == null ? null : p.left;
    }

    public static int run(Node p) {
        if (p == null && leftOf(p) != null) {
            return 1; // TARGET EXPECT: unreachable
        }
        return 0;
    }
}
