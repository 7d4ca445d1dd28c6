package lists;

/**
 * A doubly-linked list without sentinel: {@code first} and {@code last} are
 * null when the list is empty (the "DoublyLinkedList" benchmark of the ISSRE
 * 2010 JAUT paper). Fields are public, as in the paper's experiments.
 *
 * Method names are not overloaded, so that every method can be designated by
 * its name alone.
 */
public class DoublyLinkedList {
    public Node first;
    public Node last;
    public int size;

    /** Removes the first node and returns its element; null when empty. */
    public Object pop() {
        Node f = first;
        if (f == null)
            return null;
        return remove(f);
    }

    /**
     * Inserts {@code element} at position {@code index} (0 = front,
     * size = back). Precondition: 0 <= index <= size.
     */
    public void add(int index, Object element) {
        Node node = new Node(element);
        if (index == size) {
            // append after last
            node.prev = last;
            if (last == null)
                first = node;
            else
                last.next = node;
            last = node;
        } else {
            // link before the node currently at position index
            Node succ = node(index);
            node.insertBefore(succ);
            if (succ == first)
                first = node;
        }
        size++;
    }

    /** Appends {@code element} at the back. */
    public void append(Object element) {
        add(size, element);
    }

    /** The node at position {@code index}, or null past the end. */
    public Node node(int index) {
        Node x = first;
        for (int i = 0; i < index && x != null; i++)
            x = x.next;
        return x;
    }

    /**
     * Unlinks node {@code x}, which must belong to this list, and returns its
     * element.
     */
    public Object remove(Node x) {
        Node p = x.prev;
        Node n = x.next;
        if (p == null)
            first = n;
        else
            p.next = n;
        if (n == null)
            last = p;
        else
            n.prev = p;
        size--;
        return x.element;
    }

    /** Removes the first node whose element is (identical to) {@code o}. */
    public boolean removeElement(Object o) {
        for (Node x = first; x != null; x = x.next) {
            if (x.element == o) {
                remove(x);
                return true;
            }
        }
        return false;
    }
}
