package soundness;

// CATEGORY: heap

/** Reachable: an input heap with a two-node cycle n -> m -> n, m != n. */
public class ListCycle {
    static final class Node {
        Node next;
    }

    public static int run(Node n) {
        if (n != null && n.next != null && n.next != n && n.next.next == n) {
            return 1; // TARGET EXPECT: reachable
        }
        return 0;
    }
}
