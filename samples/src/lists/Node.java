package lists;

/**
 * A node of a doubly-linked list (the "Node class" benchmark of the ISSRE
 * 2010 JAUT paper). Fields are public, as in the paper's experiments, so that
 * test inputs may build arbitrary (also inconsistent) link structures.
 */
public class Node {
    public Object element;
    public Node next;
    public Node prev;

    public Node(Object element) {
        this.element = element;
    }

    /**
     * Links this node immediately before {@code n}. If this node is currently
     * linked somewhere, it is first detached from its neighbours. Nothing
     * happens when {@code n} is null or is this node itself.
     */
    public void insertBefore(Node n) {
        if (n == null || n == this)
            return;
        // detach this node from its current neighbours, if any
        if (prev != null)
            prev.next = next;
        if (next != null)
            next.prev = prev;
        // link between n.prev and n
        Node p = n.prev;
        next = n;
        prev = p;
        if (p != null)
            p.next = this;
        n.prev = this;
    }
}
