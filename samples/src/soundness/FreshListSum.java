package soundness;

// CATEGORY: heap

/**
 * Reachable: the list holds x, x + 1, x + 2, so the sum is 3x + 3; 3 is
 * invertible modulo 2^32 and x = -1 gives 0.
 */
public class FreshListSum {
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
        int sum = 0;
        for (Node p = head; p != null; p = p.next) {
            sum += p.value;
        }
        if (sum == 0) {
            return 1; // TARGET EXPECT: reachable
        }
        return sum;
    }
}
