package soundness;

// CATEGORY: heap

/** Unreachable: the list built here has exactly three nodes. */
public class FreshListLength {
    static final class Node {
        int value;
        Node next;
    }

    public static int run(int x) {
        Node head = null;
        for (int i = 0; i < 3; i++) {
            Node n = new Node();
            n.value = x + i;
            n.next = head;
            head = n;
        }
        int length = 0;
        for (Node p = head; p != null; p = p.next) {
            length++;
        }
        if (length != 3) {
            return 1; // TARGET EXPECT: unreachable
        }
        return length;
    }
}
