package josephus;

/** A cell of the circular singly-linked list used by {@link Josephus}. */
public class Node {
    public int key;
    public Node next;
}
